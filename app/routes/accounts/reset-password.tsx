import { type FormEvent, useState } from 'react'
import { api } from '#common/api.ts'
import { FormField, FormMessage } from '../../components/form-field.tsx'
import { PageTitle } from '../../components/page-title.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { useApiForm } from '../../lib/use-api-form.ts'
import type { Route } from './+types/reset-password'
import { redirectMember } from './guards.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  redirectMember(context)
  return null
}

/** Ask for a link to choose a new password. */
export default function ResetPassword() {
  const { t } = useTranslation()
  const [email, setEmail] = useState('')
  const form = useApiForm(api.requestPasswordReset)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void form.submit({ email })
  }
  return (
    <div className="container py-4 py-md-5 narrow-page">
      <PageTitle title={t('resetPassword.title')} />
      <h1 className="h3">{t('resetPassword.title')}</h1>
      <p className="text-body-secondary">{t('resetPassword.intro')}</p>
      <form className="card card-body shadow-sm" onSubmit={submit} noValidate aria-busy={form.busy}>
        <FormMessage error={form.message} success={form.done ? t('resetPassword.sent') : null} />
        <FormField
          id="reset-email"
          label={t('resetPassword.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={form.fields.email}
        />
        <SubmitButton className="btn btn-primary" busy={form.busy}>
          {t('resetPassword.submit')}
        </SubmitButton>
      </form>
    </div>
  )
}
