import type { ReactNode } from 'react'
import { useTranslation } from '../../i18n.ts'
import { ConsoleTime, consoleTime } from './console-time.tsx'

// The building blocks of a member's file in the console.

/** A titled card of the file. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card mb-3">
      <div className="card-body">
        <h2 className="h6 card-title">{title}</h2>
        {children}
      </div>
    </section>
  )
}

/** One term and its value of a definition list, as a group (a row). */
export function Pair({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div className="row">
      <dt className="col-5 fw-normal text-body-secondary">{label}</dt>
      <dd className="col-7 mb-1 text-break" data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}

export function Rows({ head, empty, children }: { head: string[]; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation()
  if (empty) return <p className="small text-body-secondary mb-0">{t('console.members.noneYet')}</p>
  return (
    <div className="table-responsive">
      <table className="table table-sm small mb-0">
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

/**
 * The member's scam score of the last week (ADR 29): its reasons, whether their new conversations
 * wait for a moderator, and the messages behind it.
 */
export function SafetySection({
  safety,
}: {
  safety: {
    score: number
    hold_at: number
    reasons: { money: number; pasted: number; contact: number }
    held_since: string | null
    messages: Array<{ conversation: number; excerpt: string; flags: string[]; created_at: string }>
  }
}) {
  const { t } = useTranslation()
  return (
    <Section title={t('console.members.safety.title')}>
      <p className="small mb-2" data-testid="member-scam-score">
        {t('console.members.safety.score', {
          score: safety.score,
          holdAt: safety.hold_at,
          money: safety.reasons.money,
          pasted: safety.reasons.pasted,
          contact: safety.reasons.contact,
        })}
      </p>
      {safety.held_since ? (
        <p className="small alert alert-warning py-1 px-2 mb-2" role="note">
          {t('console.members.safety.held', { since: consoleTime(safety.held_since) })}
        </p>
      ) : null}
      <Rows
        empty={safety.messages.length === 0}
        head={[
          t('console.members.when'),
          t('console.members.safety.message'),
          t('console.members.safety.signs'),
        ]}
      >
        {safety.messages.map((m) => (
          <tr key={`${m.conversation}-${m.created_at}`}>
            <td className="text-nowrap">
              <ConsoleTime at={m.created_at} />
            </td>
            <td className="text-break">{m.excerpt}</td>
            <td>{m.flags.map((f) => t(`console.members.safety.flags.${f}`)).join(', ')}</td>
          </tr>
        ))}
      </Rows>
    </Section>
  )
}
