import type { RouterContextProvider } from 'react-router'
import { AppealInput } from '#common/schemas/moderation.ts'
import { getAppContext } from '../../context.server.ts'
import { formFields, refused } from '../../lib/form-action.server.ts'

/** /appeal/{token}: the appeal's text against the decision the link's token names (once). */
export async function appeal(context: Readonly<RouterContextProvider>, request: Request, token: string) {
  const fields = await formFields(request)
  try {
    const input = AppealInput.parse({ token, text: fields.text ?? '' })
    await getAppContext(context).services.reports.appeal(input.token, input.text)
  } catch (error) {
    return refused(context, error, { text: fields.text ?? '' })
  }
  return { ok: true as const }
}
