import { Form, Link } from 'react-router'
import { FormField, FormMessage } from '../../components/form-field.tsx'
import { PageTitle } from '../../components/page-title.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { SignupLink } from '../../features/accounts/signup-modal.tsx'
import { useTranslation } from '../../i18n.ts'
import { usePageForm } from '../../lib/page-form.ts'
import type { Route } from './+types/login'
import { redirectMember } from './guards.server.ts'
import { logIn } from './login.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  redirectMember(context)
  return null
}

export async function action({ context, request }: Route.ActionArgs) {
  return logIn(context, request)
}

/**
 * Log in with e-mail and password; then to /members (spec section 4). The form posts to this page
 * (its action), with the page's scripts or without them.
 */
export default function Login({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const form = usePageForm(actionData)
  // One message above the form, whichever field it is about (the server does not say which is wrong).
  const message = form.error

  return (
    <div className="container py-4 py-md-5 narrow-page">
      <PageTitle title={t('login.title')} />
      <h1 className="h3 mb-3">{t('login.title')}</h1>
      <Form method="post" className="card card-body shadow-sm" aria-busy={form.busy}>
        <FormMessage error={message} />
        <FormField
          id="login-email"
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="username"
          required
          defaultValue={form.values.email}
        />
        <FormField
          id="login-password"
          label={t('login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
        />
        <SubmitButton
          className="btn btn-primary w-100"
          busy={form.busy}
          busyLabel={t('login.submitting')}
          beforeScripts
        >
          {t('login.submit')}
        </SubmitButton>
        <p className="text-center mt-3 mb-0">
          <Link to="/reset-password">{t('resetPassword.forgot')}</Link>
        </p>
        <p className="text-center mt-3 mb-0">
          {t('login.noAccount')} <SignupLink>{t('login.signup')}</SignupLink>
        </p>
      </Form>
    </div>
  )
}
