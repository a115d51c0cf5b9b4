import { ApiError } from './api-client.ts'

/** Where a banned member's login or sign-up leads (issue 15, point 5): the site's ban page. */
export const BAN_PAGE = '/pages/ban'

/** Whether the server refused because the account, its address or its network is banned. */
export function isBanned(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'accounts.banned'
}
