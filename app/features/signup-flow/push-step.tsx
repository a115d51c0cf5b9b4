import { useState } from 'react'
import { useTranslation } from '../../i18n.ts'
import { subscribePush } from '../../lib/push.ts'
import { StepFrame } from './step-frame.tsx'

/** Before the steps: offer notifications of new messages (push opt-in). */
export function PushStep(props: { publicKey: string; onDone: () => void; step: [number, number] }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const allow = async () => {
    setBusy(true)
    try {
      const state = await subscribePush(window, props.publicKey)
      window.localStorage.setItem('push-asked', new Date().toISOString())
      if (state === 'denied') setError(t('completeSignup.pushDenied'))
      else props.onDone()
    } catch {
      setError(t('completeSignup.pushFailed'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <StepFrame
      index={props.step[0]}
      total={props.step[1]}
      title={t('completeSignup.pushTitle')}
      intro={t('completeSignup.pushIntro')}
      error={error}
      busy={busy}
      onSubmit={error ? props.onDone : allow}
      nextLabel={error ? t('completeSignup.next') : t('completeSignup.pushAllow')}
      onSkip={() => {
        window.localStorage.setItem('push-asked', new Date().toISOString())
        props.onDone()
      }}
    >
      <p className="mb-0">🔔 {t('completeSignup.pushWhy')}</p>
    </StepFrame>
  )
}
