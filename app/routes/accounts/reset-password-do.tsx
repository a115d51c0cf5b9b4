import { Form, Link, useSearchParams } from 'react-router'
import { FormField, FormMessage } from '../../components/form-field.tsx'
import { PageTitle } from '../../components/page-title.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { usePageForm } from '../../lib/page-form.ts'
import type { Route } from './+types/reset-password-do'
import { resetPassword } from './reset-password.server.ts'

export async function action({ context, request }: Route.ActionArgs) {
  return resetPassword(context, request)
}

/** Choose a new password with the mailed link's token (the page's action, with or without its scripts). */
export default function ResetPasswordDo({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const form = usePageForm(actionData)
  const linkInvalid = !token || (actionData?.ok === false && actionData.code === 'accounts.link_invalid')
  return (
    <div className="container py-4 py-md-5 narrow-page">
      <PageTitle title={t('resetPassword.newTitle')} />
      <h1 className="h3">{t('resetPassword.newTitle')}</h1>
      {form.done ? (
        <>
          <FormMessage success={t('resetPassword.done')} />
          <Link to="/login" className="btn btn-primary">
            {t('login.submit')}
          </Link>
        </>
      ) : (
        <Form method="post" className="card card-body shadow-sm" noValidate aria-busy={form.busy}>
          <FormMessage error={form.message ?? (token ? null : t('errors.accounts.link_invalid'))} />
          {linkInvalid ? (
            <p>
              <Link to="/reset-password">{t('resetPassword.requestNew')}</Link>
            </p>
          ) : null}
          <input type="hidden" name="token" value={token} />
          <FormField
            id="new-password"
            label={t('resetPassword.password')}
            type="password"
            name="password"
            autoComplete="new-password"
            error={form.fields.password}
            help={t('signup.passwordHelp')}
          />
          <FormField
            id="new-password-repeat"
            label={t('resetPassword.repeat')}
            type="password"
            name="password_repeat"
            autoComplete="new-password"
            error={form.fields.password_repeat}
          />
          <SubmitButton className="btn btn-primary" busy={form.busy} disabled={!token} beforeScripts>
            {t('resetPassword.save')}
          </SubmitButton>
        </Form>
      )}
    </div>
  )
}
