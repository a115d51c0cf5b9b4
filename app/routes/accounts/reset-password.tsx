import { Form } from 'react-router'
import { FormField, FormMessage } from '../../components/form-field.tsx'
import { PageTitle } from '../../components/page-title.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { usePageForm } from '../../lib/page-form.ts'
import type { Route } from './+types/reset-password'
import { redirectMember } from './guards.server.ts'
import { requestReset } from './reset-password.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  redirectMember(context)
  return null
}

export async function action({ context, request }: Route.ActionArgs) {
  return requestReset(context, request)
}

/** Ask for a link to choose a new password (the page's action, with or without its scripts). */
export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const form = usePageForm(actionData)
  return (
    <div className="container py-4 py-md-5 narrow-page">
      <PageTitle title={t('resetPassword.title')} />
      <h1 className="h3">{t('resetPassword.title')}</h1>
      <p className="text-body-secondary">{t('resetPassword.intro')}</p>
      <Form method="post" className="card card-body shadow-sm" noValidate aria-busy={form.busy}>
        <FormMessage error={form.message} success={form.done ? t('resetPassword.sent') : null} />
        <FormField
          id="reset-email"
          label={t('resetPassword.email')}
          type="email"
          name="email"
          autoComplete="email"
          defaultValue={form.values.email}
          error={form.fields.email}
        />
        <SubmitButton className="btn btn-primary" busy={form.busy} beforeScripts>
          {t('resetPassword.submit')}
        </SubmitButton>
      </Form>
    </div>
  )
}
