import { useEffect, useId, useState } from 'react'
import { EMAIL_TYPES, type EmailType } from '#common/notifications.ts'
import type { NotificationSettings } from '#common/schemas/notifications.ts'
import { useTranslation } from '../../i18n.ts'
import { type FormAnswer, useFetcherForm } from '../../lib/page-form.ts'
import { type PushState, pushStatus, subscribePush } from '../../lib/push.ts'
import { useRootData } from '../../lib/use-root-data.ts'

type NotificationAnswer = { ok: true; intent: 'notifications'; result: { mailsOn: boolean } } | FormAnswer

function Toggle(props: {
  id: string
  name?: string
  label: string
  hint: string
  checked: boolean
  disabled?: boolean
  onChange: (target: HTMLInputElement) => void
}) {
  const hint = `${props.id}-hint`
  return (
    <div className="form-check form-switch notification-toggle py-2 border-bottom">
      <input
        className="form-check-input"
        type="checkbox"
        role="switch"
        id={props.id}
        name={props.name}
        checked={props.checked}
        aria-checked={props.checked}
        disabled={props.disabled}
        aria-describedby={hint}
        onChange={(event) => props.onChange(event.target)}
      />
      <label className="form-check-label fw-semibold" htmlFor={props.id}>
        {props.label}
      </label>
      <div id={hint} className="form-text mt-0">
        {props.hint}
      </div>
    </div>
  )
}

/** What the page shows while a post is on its way: the switches as the member set them. */
function pendingSettings(current: NotificationSettings, posted: FormData | undefined): NotificationSettings {
  if (!posted) return current
  return {
    email: posted.has('emails')
      ? (Object.fromEntries(
          EMAIL_TYPES.map((type) => [type, posted.get(`email_${type}`) === 'on']),
        ) as Record<EmailType, boolean>)
      : current.email,
    push: posted.has('push') ? posted.get('push') === 'on' : current.push,
    notifications_disabled: posted.has('enable_mails') ? [] : current.notifications_disabled,
  }
}

const ACTION = '/notifications?intent=notifications'

/**
 * /notifications: each notification mail and push on or off, saved as soon as it changes (ADR 19),
 * and mails turned back on after a bounce, a complaint or an unsubscribe. The switches post to the
 * settings page's action through one fetcher (shown as set while it runs); without the scripts the
 * mail switches are a form with a save button.
 */
export function NotificationSettingsForm({
  initial,
  pageAnswer,
}: {
  initial: NotificationSettings
  pageAnswer?: unknown
}) {
  const { t } = useTranslation()
  const { settings: site } = useRootData()
  const id = useId()
  const form = useFetcherForm<NotificationAnswer>('notifications', 'notifications', pageAnswer)
  const current = pendingSettings(initial, form.fetcher.formData)
  const [browser, setBrowser] = useState<PushState | null>(null)
  const [pushFailed, setPushFailed] = useState(false)

  useEffect(() => {
    void pushStatus(window).then(setBrowser)
  }, [])

  const post = (fields: Record<string, string>) =>
    form.fetcher.submit(fields, { method: 'post', action: ACTION })

  // A switch posts the whole set of mail switches as they stand after its change.
  const setEmail = (target: HTMLInputElement) => {
    if (target.form) void form.fetcher.submit(new FormData(target.form), { method: 'post', action: ACTION })
  }

  // The switch is this browser's: on when the account takes pushes and this browser is subscribed.
  const setPush = async (on: boolean) => {
    setPushFailed(false)
    if (on && browser !== 'subscribed') {
      try {
        const state = await subscribePush(window, site.push_public_key)
        setBrowser(state)
        if (state !== 'subscribed') return
      } catch {
        setPushFailed(true)
        return
      }
    }
    await post({ push: on ? 'on' : 'off' })
  }

  const status = form.message
    ? { kind: 'danger', text: form.message }
    : form.done
      ? {
          kind: 'success',
          text:
            form.answer?.ok && form.answer.result.mailsOn
              ? t('notifications.disabled.enabled')
              : t('notifications.saved'),
        }
      : null
  const disabled = current.notifications_disabled
  return (
    <div aria-busy={form.busy}>
      <h2 className="h5">{t('notifications.title')}</h2>
      <p className="text-body-secondary">{t('notifications.intro')}</p>
      {disabled.length > 0 ? (
        <form.fetcher.Form method="post" action={ACTION} className="alert alert-warning" role="alert">
          <p className="fw-semibold mb-1">{t('notifications.disabled.title')}</p>
          {disabled.map((reason) => (
            <p key={reason} className="mb-2">
              {t(`notifications.disabled.${reason}`)}
            </p>
          ))}
          <button
            type="submit"
            name="enable_mails"
            value="1"
            className="btn btn-sm btn-dark"
            disabled={form.busy}
          >
            {t('notifications.disabled.enable')}
          </button>
        </form.fetcher.Form>
      ) : null}
      <div aria-live="polite" className="small mb-2" data-testid="notifications-status">
        {status ? <span className={`text-${status.kind}-emphasis`}>{status.text}</span> : null}
      </div>
      <form.fetcher.Form method="post" action={ACTION}>
        <input type="hidden" name="emails" value="1" />
        <fieldset className="mb-4">
          <legend className="h6 text-uppercase text-body-secondary small mb-1">
            {t('notifications.emailHeading')}
          </legend>
          {EMAIL_TYPES.map((type) => (
            <Toggle
              key={type}
              id={`${id}-${type}`}
              name={`email_${type}`}
              label={t(`notifications.types.${type}.label`)}
              hint={t(`notifications.types.${type}.hint`)}
              checked={current.email[type]}
              onChange={setEmail}
            />
          ))}
        </fieldset>
        {/* React leaves a noscript's content to the browser: this button is there only without scripts. */}
        <noscript>
          <button type="submit" className="btn btn-primary mb-4">
            {t('notifications.saveChoices')}
          </button>
        </noscript>
      </form.fetcher.Form>
      <fieldset>
        <legend className="h6 text-uppercase text-body-secondary small mb-1">
          {t('notifications.pushHeading')}
        </legend>
        <Toggle
          id={`${id}-push`}
          label={t('notifications.push')}
          hint={
            pushFailed
              ? t('notifications.pushFailed')
              : browser === 'denied'
                ? t('notifications.pushDenied')
                : browser === 'unsupported'
                  ? t('notifications.pushUnsupported')
                  : t('notifications.pushHint')
          }
          checked={current.push && browser === 'subscribed'}
          // Unknown until the scripts have asked the browser (there is no push without them).
          disabled={browser === null || browser === 'denied' || browser === 'unsupported'}
          onChange={(target) => void setPush(target.checked)}
        />
      </fieldset>
    </div>
  )
}
