import { useFetcher } from 'react-router'
import { useTranslation } from '../../i18n.ts'
import type { FormResult } from '../../lib/page-form.ts'

/** Where "send the confirmation mail again" posts: the settings page's action. */
export const ACTIVATION_RESEND = '/notifications?intent=activation'

/**
 * "Send it again" for the activation mail (the reminder banner, the sign-up's last step): one
 * fetcher for the page, busy while it posts, and what it answered in the member's language.
 */
export function useActivationResend() {
  const { t } = useTranslation()
  const fetcher = useFetcher<FormResult>({ key: 'activation-resend' })
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined
  const status = !answer
    ? null
    : answer.ok
      ? { kind: 'success' as const, text: t('activation.sent') }
      : { kind: 'danger' as const, text: answer.message }
  return { Form: fetcher.Form, busy: fetcher.state !== 'idle', status }
}
