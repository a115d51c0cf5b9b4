import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { isSameSitePath } from '#common/same-site-path.ts'

const KEY = 'credits-return'
/** Only a conversation of this site may be returned to: never an address from elsewhere. */
const isConversation = (path: string | null): path is string =>
  isSameSitePath(path) && /^\/(chats\/\d{1,10}|members\/\d{1,10}\/chat)$/.test(path)

/** The address of /credits that brings the member back to a conversation after buying. */
export function creditsFrom(conversationPath: string): string {
  return `/credits?return=${encodeURIComponent(conversationPath)}`
}

/**
 * On /credits: remembers for this tab the conversation the member came from (?return=), or forgets
 * it when they came from elsewhere. The tab keeps it across the payment provider's pages. On a
 * bundle's checkout (`onlyWhenAsked`), which the out-of-credits alert links to, it only remembers.
 */
export function useRememberReturn(onlyWhenAsked = false): void {
  const [params] = useSearchParams()
  const asked = params.get('return')
  useEffect(() => {
    if (isConversation(asked)) sessionStorage.setItem(KEY, asked)
    else if (!onlyWhenAsked) sessionStorage.removeItem(KEY)
  }, [asked, onlyWhenAsked])
}

/** The conversation to go back to after a purchase, if the member came to buy from one. */
export function returnPath(): string | null {
  if (typeof sessionStorage === 'undefined') return null
  const path = sessionStorage.getItem(KEY)
  return isConversation(path) ? path : null
}
