import { type FormEvent, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { api } from '#common/api.ts'
import { FormField, FormMessage } from '../../components/form-field.tsx'
import { PageTitle } from '../../components/page-title.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { useApiForm } from '../../lib/use-api-form.ts'

/** Choose a new password with the mailed link's token. */
export default function ResetPasswordDo() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const form = useApiForm(api.resetPassword)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void form.submit({ token, password, password_repeat: repeat })
  }
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
        <form className="card card-body shadow-sm" onSubmit={submit} noValidate aria-busy={form.busy}>
          <FormMessage error={form.message ?? (token ? null : t('errors.accounts.link_invalid'))} />
          {form.message === t('errors.accounts.link_invalid') || !token ? (
            <p>
              <Link to="/reset-password">{t('resetPassword.requestNew')}</Link>
            </p>
          ) : null}
          <FormField
            id="new-password"
            label={t('resetPassword.password')}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={form.fields.password}
            help={t('signup.passwordHelp')}
          />
          <FormField
            id="new-password-repeat"
            label={t('resetPassword.repeat')}
            type="password"
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
            error={form.fields.password_repeat}
          />
          <SubmitButton className="btn btn-primary" busy={form.busy || !token}>
            {t('resetPassword.save')}
          </SubmitButton>
        </form>
      )}
    </div>
  )
}
