import { useEffect, useRef } from 'react'
import { FormField, FormMessage } from '../../components/form-field.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { type FormAnswer, useFetcherForm } from '../../lib/page-form.ts'

type EmailAnswer = { ok: true; intent: 'email'; result: { sentTo: string } } | FormAnswer

/**
 * Settings: ask to change the e-mail address; the change waits for the link sent to the new one.
 * It posts to the settings page's action (`?intent=email`), with or without the page's scripts.
 */
export function ChangeEmailForm({ current, pageAnswer }: { current: string; pageAnswer?: unknown }) {
  const { t } = useTranslation()
  const form = useFetcherForm<EmailAnswer>('settings-email', 'email', pageAnswer)
  const sentTo = form.done && form.answer?.ok ? form.answer.result.sentTo : null
  const element = useRef<HTMLFormElement>(null)
  // Sent: the password is not kept in the form.
  useEffect(() => {
    if (sentTo) element.current?.reset()
  }, [sentTo])
  return (
    <form.fetcher.Form
      ref={element}
      method="post"
      action="/notifications?intent=email"
      noValidate
      aria-busy={form.busy}
      aria-labelledby="settings-email"
    >
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
        name="email"
        label={t('settings.newEmail')}
        type="email"
        autoComplete="email"
        defaultValue={form.values.email}
        error={form.fields.email}
      />
      <FormField
        id="email-password"
        name="password"
        label={t('settings.password')}
        type="password"
        autoComplete="current-password"
        error={form.fields.password}
      />
      <SubmitButton className="btn btn-primary" busy={form.busy} beforeScripts>
        {t('settings.saveEmail')}
      </SubmitButton>
    </form.fetcher.Form>
  )
}
