import { Link } from 'react-router'
import type { SignalItem } from '#common/schemas/moderation.ts'
import { useTranslation } from '../../i18n.ts'

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const count = (value: unknown) => (typeof value === 'number' ? value : 0)

/**
 * What a signal found, as a sentence with its links (issue 39, point 2): never the raw detail. A
 * kind this page does not know yet shows its detail's fields by name.
 */
export function SignalDetail({ signal }: { signal: Pick<SignalItem, 'kind' | 'detail'> }) {
  const { t } = useTranslation()
  const d = signal.detail
  switch (signal.kind) {
    case 'signup_burst':
      return <>{t('console.signals.say.signup_burst', { count: count(d.accounts), ip: text(d.ip) })}</>
    case 'repeated_first_message':
      return (
        <>
          {t('console.signals.say.repeated_first_message', { count: count(d.conversations) })}{' '}
          <q>{text(d.excerpt)}</q>
        </>
      )
    case 'contact_in_first_message':
    case 'money_in_first_message':
      return (
        <>
          {t(`console.signals.say.${signal.kind}`, { found: text(d.found) })} <q>{text(d.excerpt)}</q>
        </>
      )
    case 'same_face': {
      const accounts = Array.isArray(d.accounts)
        ? d.accounts.filter((a): a is number => typeof a === 'number')
        : []
      return (
        <>
          {t('console.signals.say.same_face', { count: accounts.length })}{' '}
          {accounts.map((id, i) => (
            <span key={id}>
              {i > 0 ? ', ' : ''}
              <Link to={`/admin/members/${id}`}>#{id}</Link>
            </span>
          ))}
        </>
      )
    }
    case 'scam_score': {
      const reasons = (d.reasons ?? {}) as Record<string, unknown>
      const messages = Array.isArray(d.messages) ? (d.messages as Array<Record<string, unknown>>) : []
      return (
        <>
          {t('console.signals.say.scam_score', {
            score: count(d.score),
            money: count(reasons.money),
            pasted: count(reasons.pasted),
            contact: count(reasons.contact),
          })}
          <ul className="mb-0 ps-3">
            {messages.map((m, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the quoted messages have no id of their own
              <li key={i}>
                <q>{text(m.excerpt)}</q>
              </li>
            ))}
          </ul>
        </>
      )
    }
    default:
      return (
        <dl className="mb-0">
          {Object.entries(d).map(([key, value]) => (
            <div key={key}>
              <dt className="d-inline fw-normal text-body-secondary">{key}: </dt>
              <dd className="d-inline">{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
            </div>
          ))}
        </dl>
      )
  }
}
