import { useEffect, useRef, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { REPORT_OUTCOMES, type ReportOutcome, SUSPENSION_DAYS } from '#common/moderation.ts'
import type { ReportQueueItem } from '#common/schemas/moderation.ts'
import { PromptAnswers } from '../../features/profile-prompts/prompt-answers.tsx'
import { useTranslation } from '../../i18n.ts'
import type { FormResult } from '../../lib/page-form.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { ConsoleTime } from './console-time.tsx'
import { PhotoThumbs } from './console-ui.tsx'
import { ReportContextView } from './report-context.tsx'
import { ReportMessages } from './report-messages.tsx'
import { statusLabel } from './status-label.ts'

/** The key that picks each outcome. */
export const OUTCOME_KEYS: Record<string, ReportOutcome> = {
  d: 'dismiss',
  w: 'warn',
  p: 'hide_photo',
  t: 'hide_text',
  s: 'suspend',
  b: 'ban',
}
const keyOf = (outcome: ReportOutcome) =>
  Object.entries(OUTCOME_KEYS).find(([, o]) => o === outcome)?.[0] ?? ''

/**
 * What a report is about, as the member chose it, an automatic signal, or a case a moderator opened
 * from the member's file: always a label in the staff member's language (issue 56, point 6).
 */
export function useReasonLabel() {
  const { t } = useTranslation()
  return (reason: string) =>
    reason === 'signal'
      ? t('console.reports.signal')
      : reason === 'staff'
        ? t('console.reports.staffCase')
        : t(`complaints.reasons.${reason}`, reason)
}

export function ReportDetail({
  report,
  onDecided,
}: {
  report: ReportQueueItem
  onDecided: (report: ReportQueueItem, outcome: ReportOutcome) => void
}) {
  const { t } = useTranslation()
  const reasonLabel = useReasonLabel()
  const hydrated = useHydrated()
  const [outcome, setOutcome] = useState<ReportOutcome>('dismiss')
  const [reason, setReason] = useState('')
  const [days, setDays] = useState<number>(7)
  const [photo, setPhoto] = useState<number | null>(
    report.reported?.photos.find((p) => p.status !== 'rejected')?.id ?? null,
  )
  // The decision posts to the reports page's action; the queue moves on once it is taken.
  const fetcher = useFetcher<FormResult & { code?: string }>({ key: `report-${report.id}` })
  const busy = fetcher.state !== 'idle'
  const answer = busy ? undefined : fetcher.data
  const closed = answer?.ok === false && answer.code === 'moderation.report_closed'
  const error = answer?.ok === false && !closed ? answer.message : null
  const reasonRef = useRef<HTMLTextAreaElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const confirmRef = useRef<HTMLInputElement>(null)
  // A ban asks to be confirmed (issue 39): its box must be ticked before the form posts.
  const [confirmed, setConfirmed] = useState(false)
  const [asked, setAsked] = useState(false)
  const unconfirmedBan = outcome === 'ban' && !confirmed

  useEffect(() => {
    function pick(event: Event) {
      setOutcome((event as CustomEvent<ReportOutcome>).detail)
      reasonRef.current?.focus()
    }
    window.addEventListener('report-outcome', pick)
    return () => window.removeEventListener('report-outcome', pick)
  }, [])

  // Decided here, or by a colleague meanwhile: either way the report leaves the queue.
  const taken = answer?.ok === true || closed
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answer is what moves the queue on
  useEffect(() => {
    if (taken) onDecided(report, outcome)
  }, [taken])

  const reported = report.reported
  return (
    <article className="card" aria-labelledby={`report-${report.id}`} data-testid="report-detail">
      <div className="card-body">
        <h2 className="h5" id={`report-${report.id}`}>
          #{report.id} · {reasonLabel(report.reason)}
        </h2>
        <p className="small text-body-secondary mb-1">
          {t('console.reports.from')}:{' '}
          {report.reporter.user_id
            ? `${report.reporter.name} (${t('console.reports.member', { id: report.reporter.user_id })})`
            : `${report.reporter.name} (${t('console.reports.visitor')})`}{' '}
          · <ConsoleTime at={report.created_at} />
        </p>
        <ReportContextView context={report.context} words={report.message} />
        {report.appeal ? (
          <div className="alert alert-warning small" role="note">
            <p className="mb-1 fw-semibold">
              {t('console.reports.firstDecision', {
                outcome: t(`console.reports.outcomes.${report.appeal.outcome}`),
                reason: report.appeal.reason,
              })}
            </p>
            <p className="mb-1" style={{ whiteSpace: 'pre-wrap' }}>
              {t('console.reports.appealed')}: {report.appeal.text}
            </p>
            {report.appeal.decided_by_you ? (
              <p className="mb-0 fw-semibold">{t('console.reports.yours')}</p>
            ) : null}
          </div>
        ) : null}
        <h3 className="h6">{t('console.reports.about')}</h3>
        {reported ? (
          <div className="mb-3">
            <p className="mb-1">
              {reported.name}, {reported.age} · {reported.country} ·{' '}
              <Link to={`/admin/members/${reported.user_id}`}>#{reported.user_id}</Link> ·{' '}
              <span className="badge text-bg-light">
                {statusLabel(t, 'account', reported.account_status)}
              </span>
              {reported.earlier_reports > 0 ? (
                <span className="badge text-bg-danger ms-1">
                  {t('console.reports.earlier', { count: reported.earlier_reports })}
                </span>
              ) : null}
            </p>
            {reported.about ? <p className="small fst-italic mb-2">{reported.about}</p> : null}
            {/* As members read them: "hide the text" would take them down with the about text. */}
            <PromptAnswers answers={reported.prompts} />
            <PhotoThumbs photos={reported.photos} size={96} />
          </div>
        ) : (
          <p className="text-body-secondary">{t('console.reports.noMember')}</p>
        )}
        <ReportMessages messages={report.messages} />
        <fetcher.Form
          ref={formRef}
          method="post"
          action="/admin/reports?intent=decide"
          className="border-top pt-3"
          aria-busy={busy}
          onSubmit={(e) => {
            // A ban not confirmed yet: the box is asked for, with the focus on it (Space ticks it).
            if (!unconfirmedBan) return
            e.preventDefault()
            setAsked(true)
            confirmRef.current?.focus()
          }}
          onKeyDown={(e) => {
            // Ctrl+Enter decides from anywhere in the form: the reason, or the ban's box.
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault()
              formRef.current?.requestSubmit()
            }
          }}
        >
          <input type="hidden" name="report" value={report.id} />
          <fieldset className="mb-2">
            <legend className="h6">{t('console.reports.outcome')}</legend>
            <div className="d-flex flex-wrap gap-2">
              {REPORT_OUTCOMES.map((o) => (
                <div className="form-check form-check-inline" key={o}>
                  <input
                    className="form-check-input"
                    type="radio"
                    name="outcome"
                    id={`outcome-${o}`}
                    value={o}
                    checked={outcome === o}
                    onChange={() => setOutcome(o)}
                    disabled={!reported && o !== 'dismiss'}
                  />
                  <label className="form-check-label" htmlFor={`outcome-${o}`}>
                    <kbd className="me-1">{keyOf(o).toUpperCase()}</kbd>
                    {t(`console.reports.outcomes.${o}`)}
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
          {/* Without the scripts every outcome's details are there; the action reads its own. */}
          {outcome === 'suspend' || !hydrated ? (
            <div className="mb-2">
              <label className="form-label small" htmlFor="suspend-days">
                {t('console.reports.days')}
              </label>
              <select
                id="suspend-days"
                name="days"
                className="form-select form-select-sm w-auto"
                value={days}
                onChange={(e) => setDays(Number(e.target.value))}
              >
                {SUSPENSION_DAYS.map((d) => (
                  <option key={d} value={d}>
                    {t('console.reports.daysN', { count: d })}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {(outcome === 'hide_photo' || !hydrated) && reported ? (
            <div className="mb-2">
              <label className="form-label small" htmlFor="hide-photo">
                {t('console.reports.photo')}
              </label>
              <select
                id="hide-photo"
                name="photo"
                className="form-select form-select-sm w-auto"
                value={photo ?? ''}
                onChange={(e) => setPhoto(Number(e.target.value))}
              >
                {reported.photos.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.id} ({statusLabel(t, 'photo', p.status)})
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <label className="form-label small" htmlFor="decision-reason">
            {t('console.reports.reason')}
          </label>
          <textarea
            ref={reasonRef}
            id="decision-reason"
            name="reason"
            className="form-control mb-2"
            rows={3}
            value={reason}
            required
            minLength={5}
            maxLength={2000}
            onChange={(e) => setReason(e.target.value)}
          />
          {outcome === 'ban' || !hydrated ? (
            <div className="form-check mb-2">
              <input
                ref={confirmRef}
                className="form-check-input"
                type="checkbox"
                id="report-confirm"
                name="confirm"
                value="true"
                checked={hydrated ? confirmed : undefined}
                onChange={(e) => setConfirmed(e.target.checked)}
                aria-describedby={asked && unconfirmedBan ? 'report-confirm-ask' : undefined}
              />
              <label className="form-check-label small" htmlFor="report-confirm">
                {t('console.members.moderate.confirmBan', { name: reported?.name ?? '' })}
              </label>
              {asked && unconfirmedBan ? (
                <div id="report-confirm-ask" className="small text-danger-emphasis" role="alert">
                  {t('validation.ban_unconfirmed')}
                </div>
              ) : null}
            </div>
          ) : null}
          {error ? (
            <div className="alert alert-danger py-2" role="alert">
              {error}
            </div>
          ) : null}
          <button
            type="submit"
            className="btn btn-primary btn-sm"
            disabled={busy || (report.appeal?.decided_by_you ?? false)}
          >
            {busy ? t('console.reports.deciding') : t('console.reports.decide')}
          </button>
        </fetcher.Form>
      </div>
    </article>
  )
}
