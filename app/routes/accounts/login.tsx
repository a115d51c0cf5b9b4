import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { api } from '#common/api.ts'
import { FormField, FormMessage } from '../../components/form-field.tsx'
import { PageTitle } from '../../components/page-title.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { SignupLink } from '../../features/accounts/signup-modal.tsx'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { BAN_PAGE, isBanned } from '../../lib/ban-page.ts'
import { apiFormErrors } from '../../lib/form-errors.ts'
import type { Route } from './+types/login'
import { redirectMember } from './guards.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  redirectMember(context)
  return null
}

/** Log in with e-mail and password; then to /members (spec section 4). */
export default function Login() {
  const { t } = useTranslation()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setMessage(null)
    try {
      await callApi(api.postUser, { query: {}, body: { email, password }, retries: 0 })
      window.location.assign('/members')
    } catch (error) {
      if (isBanned(error)) return window.location.assign(BAN_PAGE)
      const result = apiFormErrors(error, t)
      setMessage(result.message ?? Object.values(result.fields)[0] ?? t('errors.accounts.login_failed'))
      setBusy(false)
    }
  }

  return (
    <div className="container py-4 py-md-5 narrow-page">
      <PageTitle title={t('login.title')} />
      <h1 className="h3 mb-3">{t('login.title')}</h1>
      <form className="card card-body shadow-sm" onSubmit={submit} aria-busy={busy}>
        <FormMessage error={message} />
        <FormField
          id="login-email"
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <FormField
          id="login-password"
          label={t('login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <SubmitButton className="btn btn-primary w-100" busy={busy} busyLabel={t('login.submitting')}>
          {t('login.submit')}
        </SubmitButton>
        <p className="text-center mt-3 mb-0">
          <Link to="/reset-password">{t('resetPassword.forgot')}</Link>
        </p>
        <p className="text-center mt-3 mb-0">
          {t('login.noAccount')} <SignupLink>{t('login.signup')}</SignupLink>
        </p>
      </form>
    </div>
  )
}
