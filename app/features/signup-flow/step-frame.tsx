import type { FormEvent, ReactNode } from 'react'
import { Form, Link, useSearchParams } from 'react-router'
import { FormMessage } from '../../components/form-field.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { withIntent } from '../../lib/page-form.ts'

/**
 * Where a step that saves posts: the sign-up page's action, which leads on to the next step; the
 * address keeps the step, so that a refusal shows it again.
 */
function useStepAction() {
  const [params] = useSearchParams()
  return withIntent('/complete-signup', params, 'step')
}

/**
 * The frame of one sign-up step: title, progress, content, Next and Skip. A step that saves
 * (`next`) is a form posted to the page's action, with or without the page's scripts; `check`
 * may stop it in the browser first with what is missing. A step of the browser's own (the push
 * offer, the photos) runs `onSubmit`.
 */
export function StepFrame(props: {
  index: number
  total: number
  title: string
  intro?: string
  error?: string | null
  busy?: boolean
  /** The step the saved one leads to. */
  next?: string
  /** A check before the post, answering what is missing (the post then waits). */
  check?: () => string | null
  /** What the check found: a message, or null when the post goes. */
  onChecked?: (message: string | null) => void
  onSubmit?: () => void
  /** Skip: the step it goes to without saving (a link), or a handler. */
  skipTo?: string
  onSkip?: () => void
  nextLabel?: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  const action = useStepAction()
  const submit = (event: FormEvent) => {
    if (props.next) {
      const missing = props.check?.() ?? null
      props.onChecked?.(missing)
      if (missing) event.preventDefault()
      return
    }
    event.preventDefault()
    props.onSubmit?.()
  }
  const body = (
    <>
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
        {props.skipTo ? (
          <Link to={`?step=${props.skipTo}`} className="btn btn-link">
            {t('completeSignup.skip')}
          </Link>
        ) : props.onSkip ? (
          <button type="button" className="btn btn-link" onClick={props.onSkip} disabled={props.busy}>
            {t('completeSignup.skip')}
          </button>
        ) : null}
        <SubmitButton className="btn btn-primary px-4" busy={props.busy} beforeScripts={Boolean(props.next)}>
          {props.nextLabel ?? t('completeSignup.next')}
        </SubmitButton>
      </div>
    </>
  )
  const className = 'card card-body shadow-sm'
  return props.next ? (
    <Form
      method="post"
      action={action}
      className={className}
      onSubmit={submit}
      noValidate
      aria-busy={props.busy}
    >
      <input type="hidden" name="next" value={props.next} />
      {body}
    </Form>
  ) : (
    <form className={className} onSubmit={submit} noValidate aria-busy={props.busy}>
      {body}
    </form>
  )
}
