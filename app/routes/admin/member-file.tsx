import { type FormEvent, useState } from 'react'
import { Link, useRevalidator } from 'react-router'
import { api } from '#common/api.ts'
import type { SupportActionInput } from '#common/schemas/support.ts'
import { DocumentTitle } from '../../components/document-title.tsx'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import type { Route } from './+types/member-file'
import { loadMemberFile } from './admin.server.ts'
import { ActionFeedback, useConsoleAction } from './console-ui.tsx'
import { Pair, Rows, Section } from './member-file-parts.tsx'
import { MemberPayments } from './member-payments.tsx'

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadMemberFile(context, params.id)
}

/** An action without the member and the reason, which the page adds. */
type ActionBody = SupportActionInput extends infer A
  ? A extends unknown
    ? Omit<A, 'user' | 'reason'>
    : never
  : never

const day = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 16) : '—')

/** /admin/members/{id}: the member's file and support's actions, each with a reason (audited). */
export default function MemberFile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { member } = loaderData
  const { account, profile } = member
  const revalidator = useRevalidator()
  const [delta, setDelta] = useState('')
  const [reason, setReason] = useState('')
  const [email, setEmail] = useState('')
  const action = useConsoleAction()
  const { busy, error, status } = action

  async function run(call: () => Promise<string>) {
    if (await action.run(call)) {
      setDelta('')
      revalidator.revalidate()
    }
  }

  const correct = (event: FormEvent) => {
    event.preventDefault()
    void run(async () => {
      const { credits } = await callApi(api.correctCredits, {
        body: { user: account.user_id, delta: Number(delta), reason },
        retries: 0,
      })
      return t('console.members.creditsNow', { credits })
    })
  }
  const act = (body: ActionBody) =>
    run(async () => {
      await callApi(api.supportAction, {
        body: { user: account.user_id, reason, ...body } as SupportActionInput,
        retries: 0,
      })
      return t('console.members.done')
    })

  return (
    <>
      <DocumentTitle title={`#${account.user_id} ${profile.name}`} />
      <p className="mb-1">
        <Link to="/admin/members">← {t('console.members.title')}</Link>
      </p>
      <h1 className="h4 mb-3">
        #{account.user_id} {profile.name}, {profile.age}{' '}
        <span className="badge text-bg-light align-middle">{account.status}</span>
      </h1>
      <ActionFeedback status={status} error={error} />
      <div className="row g-3">
        <div className="col-lg-7">
          <Section title={t('console.members.account')}>
            <dl className="small mb-0">
              <Pair label="E-mail" testId="member-email">
                {account.email}
              </Pair>
              <Pair label={t('console.members.credits')} testId="member-credits">
                {account.credits}
                {account.paid_user ? ` · ${t('console.members.paid')}` : ''}
              </Pair>
              <Pair label={t('console.members.signedUp')}>
                {day(account.signup_date)} · {account.site}
              </Pair>
              <Pair label={t('console.members.lastLogin')}>{day(account.last_login_at)}</Pair>
              <Pair label={t('console.members.language')}>{account.language}</Pair>
              {account.deleted_at ? (
                <Pair label={t('console.members.deleted')}>{day(account.deleted_at)}</Pair>
              ) : null}
              {account.payments_blocked_at ? (
                <Pair label={t('console.members.paymentsBlocked')}>{day(account.payments_blocked_at)}</Pair>
              ) : null}
              {account.suspended_until ? (
                <Pair label={t('console.members.suspendedUntil')}>{day(account.suspended_until)}</Pair>
              ) : null}
              {account.notifications_disabled.length > 0 ? (
                <Pair label={t('console.members.notificationsDisabled')}>
                  {account.notifications_disabled.join(', ')}
                </Pair>
              ) : null}
            </dl>
          </Section>
          <Section title={t('console.members.profile')}>
            <p className="small mb-1">
              {profile.country} · {profile.status}
              {profile.hidden ? ' · hidden' : ''}
              {profile.fictional ? ' · fictional' : ''}
            </p>
            {profile.about ? <p className="small fst-italic">{profile.about}</p> : null}
            <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
              {member.photos.map((p) => (
                <li key={p.id}>
                  <img
                    src={p.thumb_url}
                    alt={`${p.id} (${p.status})`}
                    width={80}
                    height={80}
                    className={`rounded ${p.status === 'rejected' ? 'opacity-50' : ''}`}
                  />
                </li>
              ))}
            </ul>
          </Section>
          <MemberPayments
            payments={member.payments}
            busy={busy}
            onRefund={(payment) =>
              void run(async () => {
                const done = await callApi(api.refundPayment, { body: { payment, reason }, retries: 0 })
                return t('console.members.refunded', { count: done.payment.taken_back })
              })
            }
          />
          <Section title={t('console.members.ledger')}>
            <Rows
              empty={member.ledger.length === 0}
              head={[
                t('console.members.when'),
                t('console.members.what'),
                t('console.members.change'),
                t('console.members.balance'),
              ]}
            >
              {member.ledger.map((l) => (
                <tr key={l.id}>
                  <td className="text-nowrap">{day(l.created_at)}</td>
                  <td>{l.reason}</td>
                  <td className={l.delta < 0 ? 'text-danger' : 'text-success'}>
                    {l.delta > 0 ? '+' : ''}
                    {l.delta}
                  </td>
                  <td>{l.balance_after}</td>
                </tr>
              ))}
            </Rows>
          </Section>
        </div>
        <div className="col-lg-5">
          <Section title={t('console.members.actions')}>
            <label className="form-label small" htmlFor="support-reason">
              {t('console.members.reason')}
            </label>
            <input
              id="support-reason"
              className="form-control form-control-sm mb-3"
              value={reason}
              minLength={5}
              onChange={(e) => setReason(e.target.value)}
            />
            <form className="d-flex gap-2 align-items-end mb-3" onSubmit={correct}>
              <div>
                <label className="form-label small" htmlFor="credit-delta">
                  {t('console.members.delta')}
                </label>
                <input
                  id="credit-delta"
                  type="number"
                  step={1}
                  required
                  className="form-control form-control-sm"
                  style={{ width: 120 }}
                  value={delta}
                  onChange={(e) => setDelta(e.target.value)}
                />
              </div>
              <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
                {t('console.members.correct')}
              </button>
            </form>
            <div className="d-flex flex-wrap gap-2 mb-3">
              {account.status === 'not_confirmed' ? (
                <button
                  type="button"
                  className="btn btn-outline-secondary btn-sm"
                  disabled={busy}
                  onClick={() => void act({ action: 'resend_activation' })}
                >
                  {t('console.members.resend')}
                </button>
              ) : null}
              {account.payments_blocked_at ? (
                <button
                  type="button"
                  className="btn btn-outline-secondary btn-sm"
                  disabled={busy}
                  onClick={() => void act({ action: 'allow_payments' })}
                >
                  {t('console.members.allowPayments')}
                </button>
              ) : null}
              {account.deleted_at ? (
                <button
                  type="button"
                  className="btn btn-outline-success btn-sm"
                  disabled={busy}
                  onClick={() => void act({ action: 'restore' })}
                >
                  {t('console.members.restore')}
                </button>
              ) : (
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm"
                  disabled={busy}
                  onClick={() => void act({ action: 'delete' })}
                >
                  {t('console.members.delete')}
                </button>
              )}
            </div>
            <form
              className="d-flex gap-2 align-items-end"
              onSubmit={(e) => {
                e.preventDefault()
                void act({ action: 'change_email', email })
              }}
            >
              <div className="flex-grow-1">
                <label className="form-label small" htmlFor="new-email">
                  {t('console.members.newEmail')}
                </label>
                <input
                  id="new-email"
                  type="email"
                  required
                  className="form-control form-control-sm"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              </div>
              <button type="submit" className="btn btn-outline-primary btn-sm" disabled={busy}>
                {t('console.members.changeEmail')}
              </button>
            </form>
          </Section>
          <Section title={t('console.members.sessions')}>
            <Rows
              empty={member.sessions.length === 0}
              head={[t('console.members.when'), t('console.members.open')]}
            >
              {member.sessions.map((s) => (
                <tr key={s.id}>
                  <td>{day(s.created_at)}</td>
                  <td>{day(s.expires_at)}</td>
                </tr>
              ))}
            </Rows>
          </Section>
          <Section title={t('console.members.mails')}>
            <Rows
              empty={member.mails.length === 0}
              head={[t('console.members.when'), t('console.members.subject')]}
            >
              {member.mails.map((m) => (
                <tr key={m.id}>
                  <td className="text-nowrap">{day(m.created_at)}</td>
                  <td>{m.subject}</td>
                </tr>
              ))}
            </Rows>
          </Section>
        </div>
      </div>
    </>
  )
}
