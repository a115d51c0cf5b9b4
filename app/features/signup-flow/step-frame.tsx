import type { FormEvent, ReactNode } from 'react'
import { FormMessage } from '../../components/form-field.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'

/** The frame of one sign-up step: title, progress, content, Next and Skip. */
export function StepFrame(props: {
  index: number
  total: number
  title: string
  intro?: string
  error?: string | null
  busy?: boolean
  onSubmit: () => void
  onSkip?: () => void
  nextLabel?: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    props.onSubmit()
  }
  return (
    <form className="card card-body shadow-sm" onSubmit={submit} noValidate aria-busy={props.busy}>
      <p className="small text-body-secondary mb-1">
        {t('completeSignup.progress', { step: props.index + 1, total: props.total })}
      </p>
      <div
        className="progress mb-3"
        role="progressbar"
        aria-label={t('completeSignup.progressLabel')}
        aria-valuenow={props.index + 1}
        aria-valuemin={1}
        aria-valuemax={props.total}
        style={{ height: 6 }}
      >
        <div className="progress-bar" style={{ width: `${((props.index + 1) / props.total) * 100}%` }} />
      </div>
      <h1 className="h4">{props.title}</h1>
      {props.intro ? <p className="text-body-secondary">{props.intro}</p> : null}
      <FormMessage error={props.error} />
      {props.children}
      <div className="d-flex gap-2 justify-content-end mt-4">
        {props.onSkip ? (
          <button type="button" className="btn btn-link" onClick={props.onSkip} disabled={props.busy}>
            {t('completeSignup.skip')}
          </button>
        ) : null}
        <SubmitButton className="btn btn-primary px-4" busy={props.busy}>
          {props.nextLabel ?? t('completeSignup.next')}
        </SubmitButton>
      </div>
    </form>
  )
}
