import { type FormEvent, useState } from 'react'
import { api } from '#common/api.ts'
import { FormField, FormMessage } from '../../components/form-field.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { useApiForm } from '../../lib/use-api-form.ts'

/** Settings: ask to change the e-mail address; the change waits for the link sent to the new one. */
export function ChangeEmailForm({ current }: { current: string }) {
  const { t } = useTranslation()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useApiForm(api.requestEmailChange)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (await form.submit({ email, password })) {
      setSentTo(email.trim().toLowerCase())
      setPassword('')
    }
  }
  return (
    <form onSubmit={submit} noValidate aria-busy={form.busy} aria-labelledby="settings-email">
      <h2 id="settings-email" className="h5">
        {t('settings.emailTitle')}
      </h2>
      <p className="text-body-secondary">{t('settings.currentEmail', { email: current })}</p>
      <FormMessage
        error={form.message}
        success={sentTo ? t('settings.emailSent', { email: sentTo }) : null}
      />
      <FormField
        id="new-email"
        label={t('settings.newEmail')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={form.fields.email}
      />
      <FormField
        id="email-password"
        label={t('settings.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={form.fields.password}
      />
      <SubmitButton className="btn btn-primary" busy={form.busy}>
        {t('settings.saveEmail')}
      </SubmitButton>
    </form>
  )
}
