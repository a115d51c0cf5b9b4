import type { RouterContextProvider } from 'react-router'
import { TokenInput } from '#common/schemas/accounts.ts'
import type { AppServices } from '#server/plugins/ssr-context.ts'
import { getAppContext } from '../../context.server.ts'
import { formFields, refused } from '../../lib/form-action.server.ts'

// The pages a mailed link opens ask for a press before they act (a mail scanner follows links, it
// does not post forms): the press posts the link's token to the page's action.

type TokenAct = (services: AppServices, token: string) => Promise<void>

/** Reads the posted token and acts with it; a spent or unknown token is said on the page. */
async function withToken(context: Readonly<RouterContextProvider>, request: Request, act: TokenAct) {
  const fields = await formFields(request)
  try {
    await act(getAppContext(context).services, TokenInput.parse(fields).token)
  } catch (error) {
    return refused(context, error)
  }
  return { ok: true as const }
}

/** /mail-change/do: the new e-mail address confirmed with the link's token. */
export const confirmEmailChange = (context: Readonly<RouterContextProvider>, request: Request) =>
  withToken(context, request, (services, token) =>
    services.accountSettings.confirmEmailChange(token, getAppContext(context).request.origin()),
  )

/** /mail-change/undo: the old address takes the account back with the link mailed to it. */
export const undoEmailChange = (context: Readonly<RouterContextProvider>, request: Request) =>
  withToken(context, request, (services, token) =>
    services.accountSettings.undoEmailChange(token, getAppContext(context).request.origin()),
  )

/** /account-deleted?token=: a deletion undone within its 14 days with the link's token. */
export const restoreAccount = (context: Readonly<RouterContextProvider>, request: Request) =>
  withToken(context, request, (services, token) => services.accountSettings.restoreAccount(token))
