import type { RouterContextProvider } from 'react-router'
import { ComplaintInput } from '#common/schemas/members.ts'
import { getAppContext } from '../context.server.ts'
import { formFields, refused } from '../lib/form-action.server.ts'

/** The complaint form's prefill: the member's name and address, and the reported profile if any. */
export async function loadComplaints(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  const id = Number(new URL(request.url).searchParams.get('profile'))
  const reported =
    Number.isSafeInteger(id) && id > 0
      ? await app.services.members.getPublicProfile(id, app.site.settings.cdn_prefix)
      : null
  return {
    name: app.user?.profile.name ?? '',
    email: app.user?.email ?? '',
    reported: reported ? { id: reported.id, name: reported.name } : null,
  }
}

/** Files the complaint (or the report of a profile): its number, and where its receipt went. */
export async function fileComplaint(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  const fields = await formFields(request)
  try {
    const input = ComplaintInput.parse({
      ...fields,
      reason: fields.reason || undefined,
      profile: fields.profile ? Number(fields.profile) : undefined,
    })
    const filed = await app.services.complaints.file(input, {
      site: app.site,
      locale: app.locale,
      userId: app.user?.id ?? null,
    })
    return { ok: true as const, ...filed, email: input.email }
  } catch (error) {
    const { name = '', email = '', reason = '', message = '' } = fields
    return refused(context, error, { name, email, reason, message })
  }
}
