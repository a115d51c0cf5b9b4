import type { RouterContextProvider } from 'react-router'
import { PasswordResetInput, PasswordResetRequest } from '#common/schemas/accounts.ts'
import { getAppContext } from '../../context.server.ts'
import { formFields, refused } from '../../lib/form-action.server.ts'

/** Mails a link to choose a new password (to an address with an account; the answer is the same). */
export async function requestReset(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  const fields = await formFields(request)
  try {
    const input = PasswordResetRequest.parse(fields)
    app.services.passwords.requestReset(input.email, app.request.origin())
  } catch (error) {
    return refused(context, error, { email: fields.email ?? '' })
  }
  return { ok: true as const }
}

/** Sets the new password with the link's token; every session ends, this browser's too. */
export async function resetPassword(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  const fields = await formFields(request)
  try {
    const input = PasswordResetInput.parse(fields)
    await app.services.passwords.reset(input.token, input.password)
    app.request.endSession()
  } catch (error) {
    return refused(context, error)
  }
  return { ok: true as const }
}
