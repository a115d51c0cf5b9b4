import { useEffect, useId, useState } from 'react'
import { useRevalidator } from 'react-router'
import { api } from '#common/api.ts'
import { EMAIL_TYPES, type EmailType } from '#common/notifications.ts'
import type { NotificationSettings } from '#common/schemas/notifications.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { apiFormErrors } from '../../lib/form-errors.ts'
import { type PushState, pushStatus, subscribePush } from '../../lib/push.ts'
import { useRootData } from '../../lib/use-root-data.ts'

type Change = { email?: Partial<Record<EmailType, boolean>>; push?: boolean; notifications_disabled?: [] }

function Toggle(props: {
  id: string
  label: string
  hint: string
  checked: boolean
  disabled?: boolean
  onChange: (on: boolean) => void
}) {
  const hint = `${props.id}-hint`
  return (
    <div className="form-check form-switch notification-toggle py-2 border-bottom">
      <input
        className="form-check-input"
        type="checkbox"
        role="switch"
        id={props.id}
        checked={props.checked}
        aria-checked={props.checked}
        disabled={props.disabled}
        aria-describedby={hint}
        onChange={(event) => props.onChange(event.target.checked)}
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

/**
 * /notifications: each notification mail and push on or off, saved as soon as it changes (ADR 19),
 * and mails turned back on after a bounce, a complaint or an unsubscribe.
 */
export function NotificationSettingsForm({ initial }: { initial: NotificationSettings }) {
  const { t } = useTranslation()
  const { settings: site } = useRootData()
  const revalidator = useRevalidator()
  const id = useId()
  const [current, setCurrent] = useState(initial)
  const [status, setStatus] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [browser, setBrowser] = useState<PushState | null>(null)
  const [pushFailed, setPushFailed] = useState(false)

  useEffect(() => {
    void pushStatus(window).then(setBrowser)
  }, [])

  const save = async (change: Change, optimistic: NotificationSettings) => {
    const before = current
    setCurrent(optimistic)
    setBusy(true)
    setStatus(null)
    try {
      const saved = await callApi(api.updateNotifications, { body: change, retries: 1 })
      setCurrent(saved)
      setStatus({
        kind: 'success',
        text: change.notifications_disabled ? t('notifications.disabled.enabled') : t('notifications.saved'),
      })
      if (change.notifications_disabled) await revalidator.revalidate()
    } catch (error) {
      setCurrent(before)
      setStatus({ kind: 'danger', text: apiFormErrors(error, t).message ?? t('errors.server.error') })
    } finally {
      setBusy(false)
    }
  }

  const setEmail = (type: EmailType, on: boolean) =>
    save({ email: { [type]: on } }, { ...current, email: { ...current.email, [type]: on } })

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
    await save({ push: on }, { ...current, push: on })
  }

  const disabled = current.notifications_disabled
  return (
    <div aria-busy={busy}>
      <h2 className="h5">{t('notifications.title')}</h2>
      <p className="text-body-secondary">{t('notifications.intro')}</p>
      {disabled.length > 0 ? (
        <div className="alert alert-warning" role="alert">
          <p className="fw-semibold mb-1">{t('notifications.disabled.title')}</p>
          {disabled.map((reason) => (
            <p key={reason} className="mb-2">
              {t(`notifications.disabled.${reason}`)}
            </p>
          ))}
          <button
            type="button"
            className="btn btn-sm btn-dark"
            disabled={busy}
            onClick={() => save({ notifications_disabled: [] }, { ...current, notifications_disabled: [] })}
          >
            {t('notifications.disabled.enable')}
          </button>
        </div>
      ) : null}
      <div aria-live="polite" className="small mb-2" data-testid="notifications-status">
        {status ? <span className={`text-${status.kind}-emphasis`}>{status.text}</span> : null}
      </div>
      <fieldset className="mb-4">
        <legend className="h6 text-uppercase text-body-secondary small mb-1">
          {t('notifications.emailHeading')}
        </legend>
        {EMAIL_TYPES.map((type) => (
          <Toggle
            key={type}
            id={`${id}-${type}`}
            label={t(`notifications.types.${type}.label`)}
            hint={t(`notifications.types.${type}.hint`)}
            checked={current.email[type]}
            onChange={(on) => void setEmail(type, on)}
          />
        ))}
      </fieldset>
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
          disabled={browser === 'denied' || browser === 'unsupported'}
          onChange={(on) => void setPush(on)}
        />
      </fieldset>
    </div>
  )
}
