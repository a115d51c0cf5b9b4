import { useState } from 'react'
import { Link } from 'react-router'
import { SUSPENSION_DAYS } from '#common/moderation.ts'
import { MEMBER_ACTIONS } from '#common/schemas/moderation.ts'
import type { MemberFile } from '#common/schemas/support.ts'
import { useTranslation } from '../../i18n.ts'
import { type FormResult, useFetcherForm } from '../../lib/page-form.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { ConsoleTime } from './console-time.tsx'
import { ActionFeedback } from './console-ui.tsx'
import { Rows, Section } from './member-file-parts.tsx'
import { useReasonLabel } from './report-detail.tsx'

/**
 * A moderator warns, suspends or bans the member from their file (issue 39, point 3), with the
 * statement of reasons the member reads; the same mails, audit and appeal as a report's decision.
 * A ban asks to be confirmed first (the box), with or without the page's scripts.
 */
export function ModerationSection({
  user,
  name,
  pageAnswer,
}: {
  user: number
  name: string
  /** The page's action answer (the form was posted without scripts). */
  pageAnswer: unknown
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const form = useFetcherForm<FormResult>('member-moderation', 'moderate', pageAnswer)
  const [outcome, setOutcome] = useState<(typeof MEMBER_ACTIONS)[number]>('warn')
  const answer = form.answer as
    | { ok: true; result?: { report?: { id: number; outcome: string } } }
    | undefined
  const done = !form.busy && form.done ? answer?.result?.report : null
  return (
    <Section title={t('console.members.moderate.title')}>
      <ActionFeedback
        status={
          done
            ? t('console.members.moderate.done', {
                id: done.id,
                outcome: t(`console.reports.outcomes.${done.outcome}`),
              })
            : ''
        }
        error={form.error}
      />
      <form.fetcher.Form
        method="post"
        action={`/admin/members/${user}?intent=moderate`}
        noValidate
        aria-busy={form.busy}
      >
        <input type="hidden" name="user" value={user} />
        <fieldset className="mb-2">
          <legend className="h6 small">{t('console.reports.outcome')}</legend>
          {MEMBER_ACTIONS.map((o) => (
            <div className="form-check form-check-inline" key={o}>
              <input
                className="form-check-input"
                type="radio"
                name="outcome"
                id={`member-outcome-${o}`}
                value={o}
                checked={outcome === o}
                onChange={() => setOutcome(o)}
              />
              <label className="form-check-label" htmlFor={`member-outcome-${o}`}>
                {t(`console.reports.outcomes.${o}`)}
              </label>
            </div>
          ))}
        </fieldset>
        {outcome === 'suspend' || !hydrated ? (
          <div className="mb-2">
            <label className="form-label small" htmlFor="member-days">
              {t('console.reports.days')}
            </label>
            <select
              id="member-days"
              name="days"
              className="form-select form-select-sm w-auto"
              defaultValue={7}
            >
              {SUSPENSION_DAYS.map((d) => (
                <option key={d} value={d}>
                  {t('console.reports.daysN', { count: d })}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <label className="form-label small" htmlFor="member-statement">
          {t('console.reports.reason')}
        </label>
        <textarea
          id="member-statement"
          name="reason"
          className="form-control form-control-sm mb-2"
          rows={3}
          minLength={5}
          maxLength={2000}
          defaultValue={form.values.reason}
        />
        {outcome === 'ban' || !hydrated ? (
          <div className="form-check mb-2">
            <input
              className="form-check-input"
              type="checkbox"
              id="member-confirm"
              name="confirm"
              value="true"
            />
            <label className="form-check-label small" htmlFor="member-confirm">
              {t('console.members.moderate.confirmBan', { name })}
            </label>
          </div>
        ) : null}
        <button
          type="submit"
          className={`btn btn-sm ${outcome === 'ban' ? 'btn-danger' : 'btn-primary'}`}
          disabled={form.busy}
        >
          {t(`console.members.moderate.submit.${outcome}`)}
        </button>
      </form.fetcher.Form>
    </Section>
  )
}

/** The reports about the member and by them, and the moderators' signals about them. */
export function MemberHistory({ reports, signals }: Pick<MemberFile, 'reports' | 'signals'>) {
  const { t } = useTranslation()
  const reasonLabel = useReasonLabel()
  return (
    <Section title={t('console.members.history.title')}>
      <h3 className="h6 small text-body-secondary">{t('console.members.history.reports')}</h3>
      <Rows
        empty={reports.length === 0}
        head={[
          t('console.members.when'),
          t('console.members.history.role'),
          t('console.members.history.reason'),
          t('console.members.history.outcome'),
        ]}
      >
        {reports.map((r) => (
          <tr key={r.id} data-testid="member-report">
            <td className="text-nowrap">
              <Link to={`/admin/reports?report=${r.id}`}>#{r.id}</Link> <ConsoleTime at={r.created_at} />
            </td>
            <td>{t(`console.members.history.roles.${r.role}`)}</td>
            <td>{reasonLabel(r.reason)}</td>
            <td>
              {r.outcome
                ? t(`console.reports.outcomes.${r.outcome}`)
                : t(`console.members.history.${r.status}`)}
            </td>
          </tr>
        ))}
      </Rows>
      <h3 className="h6 small text-body-secondary mt-3">{t('console.members.history.signals')}</h3>
      <Rows
        empty={signals.length === 0}
        head={[
          t('console.members.when'),
          t('console.members.history.kind'),
          t('console.members.history.state'),
        ]}
      >
        {signals.map((s) => (
          <tr key={s.id}>
            <td className="text-nowrap">
              <ConsoleTime at={s.created_at} />
            </td>
            <td>{t(`console.signals.kinds.${s.kind}`)}</td>
            <td>{s.reviewed ? t('console.members.history.reviewed') : t('console.members.history.open')}</td>
          </tr>
        ))}
      </Rows>
    </Section>
  )
}
