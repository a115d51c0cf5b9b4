import { useEffect, useRef } from 'react'
import { FormField, FormMessage } from '../../components/form-field.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { useFetcherForm } from '../../lib/page-form.ts'

/**
 * Settings: change the password (the old one is checked). It posts to the settings page's action
 * (`?intent=password`), with or without the page's scripts.
 */
export function ChangePasswordForm({ pageAnswer }: { pageAnswer?: unknown }) {
  const { t } = useTranslation()
  const form = useFetcherForm('settings-password', 'password', pageAnswer)
  const element = useRef<HTMLFormElement>(null)
  // Changed: the three fields are emptied.
  useEffect(() => {
    if (form.done) element.current?.reset()
  }, [form.done])
  const field = (name: 'old_password' | 'password' | 'password_repeat') => ({
    name,
    type: 'password',
    error: form.fields[name],
  })
  return (
    <form.fetcher.Form
      ref={element}
      method="post"
      action="/notifications?intent=password"
      noValidate
      aria-busy={form.busy}
      aria-labelledby="settings-password"
    >
      <h2 id="settings-password" className="h5">
        {t('settings.passwordTitle')}
      </h2>
      <FormMessage error={form.message} success={form.done ? t('settings.passwordSaved') : null} />
      <FormField
        id="old-password"
        label={t('settings.oldPassword')}
        autoComplete="current-password"
        {...field('old_password')}
      />
      <FormField
        id="change-password"
        label={t('settings.newPassword')}
        autoComplete="new-password"
        {...field('password')}
      />
      <FormField
        id="change-password-repeat"
        label={t('settings.repeatPassword')}
        autoComplete="new-password"
        {...field('password_repeat')}
      />
      <SubmitButton className="btn btn-primary" busy={form.busy} beforeScripts>
        {t('settings.savePassword')}
      </SubmitButton>
    </form.fetcher.Form>
  )
}
