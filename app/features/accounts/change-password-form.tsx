import { type FormEvent, useState } from 'react'
import { api } from '#common/api.ts'
import { FormField, FormMessage } from '../../components/form-field.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { useApiForm } from '../../lib/use-api-form.ts'

/** Settings: change the password (the old one is checked). */
export function ChangePasswordForm() {
  const { t } = useTranslation()
  const [values, setValues] = useState({ old_password: '', password: '', password_repeat: '' })
  const form = useApiForm(api.changePassword)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (await form.submit(values)) setValues({ old_password: '', password: '', password_repeat: '' })
  }
  const bind = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    error: form.fields[name],
    type: 'password',
  })
  return (
    <form onSubmit={submit} noValidate aria-busy={form.busy} aria-labelledby="settings-password">
      <h2 id="settings-password" className="h5">
        {t('settings.passwordTitle')}
      </h2>
      <FormMessage
        error={form.message}
        success={form.done && !form.busy ? t('settings.passwordSaved') : null}
      />
      <FormField
        id="old-password"
        label={t('settings.oldPassword')}
        autoComplete="current-password"
        {...bind('old_password')}
      />
      <FormField
        id="change-password"
        label={t('settings.newPassword')}
        autoComplete="new-password"
        {...bind('password')}
      />
      <FormField
        id="change-password-repeat"
        label={t('settings.repeatPassword')}
        autoComplete="new-password"
        {...bind('password_repeat')}
      />
      <SubmitButton className="btn btn-primary" busy={form.busy}>
        {t('settings.savePassword')}
      </SubmitButton>
    </form>
  )
}
