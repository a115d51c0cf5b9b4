import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { api } from '#common/api.ts'
import { MODERATORS, mayOpen, SUPPORT } from '#common/console-pages.ts'
import { languageNames } from '#common/intl.ts'
import { DocumentTitle } from '../../components/document-title.tsx'
import { useTranslation } from '../../i18n.ts'
import { step } from '../../lib/call-action.server.ts'
import { useFetcherForm } from '../../lib/page-form.ts'
import type { Route } from './+types/member-file'
import { loadMemberFile } from './admin.server.ts'
import { consoleAction } from './console-action.server.ts'
import { ConsoleTime } from './console-time.tsx'
import { ActionFeedback, PhotoThumbs } from './console-ui.tsx'
import { Pair, SafetySection, Section } from './member-file-parts.tsx'
import { MemberHistory, ModerationSection } from './member-moderation.tsx'
import { MemberLimits, MemberPayments } from './member-payments.tsx'
import { Ledger, SessionsAndMails } from './member-records.tsx'
import { statusLabel } from './status-label.ts'

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadMemberFile(context, params.id)
}

// One form holds the reason every action gives; the button pressed names the step (its
// formAction) and, for support's actions, which one (`action`).
export async function action({ context, request }: Route.ActionArgs) {
  return consoleAction(context, request, {
    correct: step({
      call: api.correctCredits,
      read: ({ user, delta, reason }) => ({ user, delta, reason }),
    }),
    act: step({
      call: api.supportAction,
      read: ({ user, action, reason, email }) => ({
        user,
        action,
        reason,
        ...(action === 'change_email' ? { email } : {}),
      }),
      answer: (_done, body) => ({ action: body.action }),
    }),
    moderate: step({
      call: api.moderateMember,
      read: ({ user, outcome, reason, days, confirm }) => ({
        user,
        outcome,
        reason,
        confirm,
        ...(outcome === 'suspend' ? { days } : {}),
      }),
    }),
    refund: step({
      call: api.refundPayment,
      read: ({ payment, reason }) => ({ payment, reason }),
    }),
  })
}

type Answer = NonNullable<Route.ComponentProps['actionData']>

/** The one-press actions support has on this account as it stands. */
function supportActions(account: {
  status: string
  payments_blocked_at: string | null
  deleted_at: string | null
}) {
  return [
    ...(account.status === 'not_confirmed'
      ? [{ action: 'resend_activation', label: 'console.members.resend', tone: 'secondary' }]
      : []),
    ...(account.payments_blocked_at
      ? [{ action: 'allow_payments', label: 'console.members.allowPayments', tone: 'secondary' }]
      : []),
    account.deleted_at
      ? { action: 'restore', label: 'console.members.restore', tone: 'success' }
      : { action: 'delete', label: 'console.members.delete', tone: 'danger' },
  ]
}

/**
 * /admin/members/{id}: the member's file and support's actions, each with a reason (audited). The
 * actions post one form to the page's action (a fetcher), with or without the page's scripts.
 */
export default function MemberFile({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { member, staff } = loaderData
  const { account, profile } = member
  const form = useFetcherForm<Answer>('member-file', ['correct', 'act', 'refund'], actionData)
  const answer = form.answer
  const page = `/admin/members/${account.user_id}`
  const step = (intent: string) => `${page}?intent=${intent}`
  const element = useRef<HTMLFormElement>(null)
  const done = !form.busy && answer?.ok ? answer : null
  // Done: the amount and the address are not kept for a next action (the reason is).
  useEffect(() => {
    if (!done || !element.current) return
    for (const name of ['delta', 'email']) {
      const field = element.current.elements.namedItem(name)
      if (field instanceof HTMLInputElement) field.value = ''
    }
  }, [done])
  const result = done?.result
  const status = !result
    ? ''
    : 'credits' in result
      ? t('console.members.creditsNow', { credits: result.credits })
      : 'payment' in result
        ? t('console.members.refunded', { count: result.payment.taken_back })
        : t('console.members.done')
  const error = form.error
  const busy = form.busy

  return (
    <>
      <DocumentTitle title={`#${account.user_id} ${profile.name}`} />
      <p className="mb-1">
        <Link to="/admin/members">← {t('console.members.title')}</Link>
      </p>
      <h1 className="h4 mb-3">
        #{account.user_id} {profile.name}, {profile.age}{' '}
        <span className="badge text-bg-light align-middle">{statusLabel(t, 'account', account.status)}</span>
      </h1>
      <ActionFeedback status={status} error={error} />
      <div className="row g-3">
        <div className="col-lg-7">
          <Section title={t('console.members.account')}>
            <dl className="small mb-0">
              <Pair label={t('console.members.email')} testId="member-email">
                {account.email}
              </Pair>
              <Pair label={t('console.members.credits')} testId="member-credits">
                {account.credits}
                {account.paid_user ? ` · ${t('console.members.paid')}` : ''}
              </Pair>
              <Pair label={t('console.members.signedUp')}>
                <ConsoleTime at={account.signup_date} /> · {account.site}
              </Pair>
              <Pair label={t('console.members.lastSeen')} testId="member-last-seen">
                <ConsoleTime at={account.last_seen_at} />
              </Pair>
              <Pair label={t('console.members.lastLogin')}>
                <ConsoleTime at={account.last_login_at} />
              </Pair>
              <Pair label={t('console.members.language')}>
                {languageNames(i18n.language).of(account.language) ?? account.language}
              </Pair>
              {account.deleted_at ? (
                <Pair label={t('console.members.deleted')}>
                  <ConsoleTime at={account.deleted_at} />
                </Pair>
              ) : null}
              {account.payments_blocked_at ? (
                <Pair label={t('console.members.paymentsBlocked')}>
                  <ConsoleTime at={account.payments_blocked_at} />
                </Pair>
              ) : null}
              {account.suspended_until ? (
                <Pair label={t('console.members.suspendedUntil')}>
                  <ConsoleTime at={account.suspended_until} />
                </Pair>
              ) : null}
              {account.notifications_disabled.length > 0 ? (
                <Pair label={t('console.members.notificationsDisabled')}>
                  {account.notifications_disabled
                    .map((reason) => t(`console.members.disabledReasons.${reason}`, reason))
                    .join(', ')}
                </Pair>
              ) : null}
            </dl>
          </Section>
          <Section title={t('console.members.profile')}>
            <p className="small mb-1">
              {profile.country} · {statusLabel(t, 'profile', profile.status)}
              {profile.hidden ? ` · ${t('console.members.hiddenProfile')}` : ''}
              {profile.fictional ? ` · ${t('console.fictional.flag')}` : ''}
            </p>
            {profile.about ? <p className="small fst-italic">{profile.about}</p> : null}
            <PhotoThumbs photos={member.photos} size={80} />
          </Section>
          {member.limits ? <MemberLimits limits={member.limits} /> : null}
          {member.payments ? (
            <MemberPayments
              payments={member.payments}
              refund={{ form: 'member-actions', action: step('refund'), busy }}
            />
          ) : null}
          {member.ledger ? <Ledger ledger={member.ledger} /> : null}
          <MemberHistory reports={member.reports} signals={member.signals} />
        </div>
        <div className="col-lg-5">
          {mayOpen(staff.role, MODERATORS) ? (
            <ModerationSection user={account.user_id} name={profile.name} pageAnswer={actionData} />
          ) : null}
          {mayOpen(staff.role, SUPPORT) ? (
            <Section title={t('console.members.actions')}>
              <form.fetcher.Form
                ref={element}
                id="member-actions"
                method="post"
                action={step('act')}
                noValidate
                aria-busy={busy}
              >
                <input type="hidden" name="user" value={account.user_id} />
                <label className="form-label small" htmlFor="support-reason">
                  {t('console.members.reason')}
                </label>
                <input
                  id="support-reason"
                  name="reason"
                  className="form-control form-control-sm mb-3"
                  defaultValue={form.values.reason}
                  minLength={5}
                />
                <div className="d-flex gap-2 align-items-end mb-3">
                  <div>
                    <label className="form-label small" htmlFor="credit-delta">
                      {t('console.members.delta')}
                    </label>
                    <input
                      id="credit-delta"
                      name="delta"
                      type="number"
                      step={1}
                      className="form-control form-control-sm"
                      style={{ width: 120 }}
                      defaultValue={form.values.delta}
                    />
                  </div>
                  <button
                    type="submit"
                    formAction={step('correct')}
                    className="btn btn-primary btn-sm"
                    disabled={busy}
                  >
                    {t('console.members.correct')}
                  </button>
                </div>
                <div className="d-flex flex-wrap gap-2 mb-3">
                  {supportActions(account).map(({ action, label, tone }) => (
                    <button
                      key={action}
                      type="submit"
                      name="action"
                      value={action}
                      className={`btn btn-outline-${tone} btn-sm`}
                      disabled={busy}
                    >
                      {t(label)}
                    </button>
                  ))}
                </div>
                <div className="d-flex gap-2 align-items-end">
                  <div className="flex-grow-1">
                    <label className="form-label small" htmlFor="new-email">
                      {t('console.members.newEmail')}
                    </label>
                    <input
                      id="new-email"
                      name="email"
                      type="email"
                      className="form-control form-control-sm"
                      defaultValue={form.values.email}
                    />
                  </div>
                  <button
                    type="submit"
                    name="action"
                    value="change_email"
                    className="btn btn-outline-primary btn-sm"
                    disabled={busy}
                  >
                    {t('console.members.changeEmail')}
                  </button>
                </div>
              </form.fetcher.Form>
            </Section>
          ) : null}
          <SafetySection safety={member.safety} />
          {member.sessions && member.mails ? (
            <SessionsAndMails sessions={member.sessions} mails={member.mails} />
          ) : null}
        </div>
      </div>
    </>
  )
}
