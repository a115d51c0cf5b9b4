import type { RouterContextProvider } from 'react-router'
import { api } from '#common/api.ts'
import { getAppContext } from '../../context.server.ts'
import { callAction, step } from '../../lib/call-action.server.ts'

/**
 * /appeal/{token}: the appeal's text against the decision the link's token names (once), through
 * its API call's one handler (app/lib/call-action.server.ts).
 */
export function appeal(context: Readonly<RouterContextProvider>, request: Request, token: string) {
  return callAction(
    context,
    request,
    { appeal: step({ call: api.appeal, read: ({ text = '' }) => ({ token, text }) }) },
    () => getAppContext(context).request.visitorActor(),
  )
}
