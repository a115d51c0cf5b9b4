import type { RouterContextProvider } from 'react-router'
import { getAppContext } from '../../context.server.ts'
import { requireUser } from '../accounts/guards.server.ts'

/** /verify: where the member stands with the live check (issue 37). */
export function loadVerification(context: Readonly<RouterContextProvider>) {
  const user = requireUser(context)
  return getAppContext(context).services.verification.status({ userId: user.id })
}
