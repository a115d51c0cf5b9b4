import { formatMoney } from '#common/money.ts'
import type { MemberFile } from '#common/schemas/support.ts'
import { useTranslation } from '../../i18n.ts'
import { ConsoleTime, consoleTime } from './console-time.tsx'
import { Rows, Section } from './member-file-parts.tsx'
import { statusLabel } from './status-label.ts'

/** Where a refund button posts: the page's form that holds the reason, and its refund step. */
interface RefundForm {
  /** The form's id (the buttons sit in a table outside it). */
  form: string
  action: string
  busy: boolean
}

/** A member's payments in their file, each paid one with its refund button (the reason is the page's). */
export function MemberPayments({
  payments,
  refund,
}: {
  payments: NonNullable<MemberFile['payments']>
  refund: RefundForm
}) {
  const { t, i18n } = useTranslation()
  return (
    <Section title={t('console.members.payments')}>
      <Rows
        empty={payments.length === 0}
        head={[
          t('console.members.when'),
          t('console.members.reference'),
          t('console.members.amount'),
          t('console.members.status'),
        ]}
      >
        {payments.map((p) => (
          <tr key={p.id}>
            <td className="text-nowrap">
              <ConsoleTime at={p.created_at} />
            </td>
            <td className="font-monospace small">
              {p.id}
              {p.provider_id ? ` / ${p.provider_id}` : ''}
              {p.withdrawn_at ? (
                <div className="font-sans-serif text-body-secondary">
                  {t(
                    p.status === 'paid' ? 'console.members.withdrawnUnderWay' : 'console.members.withdrawn',
                    {
                      at: consoleTime(p.withdrawn_at),
                      amount: formatMoney(p.refund_amount ?? 0, p.currency, i18n.language),
                    },
                  )}
                </div>
              ) : null}
            </td>
            <td className="text-nowrap">
              {formatMoney(p.amount, p.currency, i18n.language)} · {p.credits} ·{' '}
              {t(`payment.methods.${p.method}`, p.method)}
            </td>
            <PaymentStatus status={p.withdrawn_at ? 'withdrawn' : p.status} payment={p.id} refund={refund} />
          </tr>
        ))}
      </Rows>
    </Section>
  )
}

/** A payment's status, and for a paid one the button that refunds it (it posts the page's form). */
export function PaymentStatus({
  status,
  payment,
  refund,
}: {
  status: string
  payment: string
  refund: RefundForm
}) {
  const { t } = useTranslation()
  return (
    <td className="text-nowrap">
      {statusLabel(t, 'payment', status)}
      {status === 'paid' ? (
        <button
          type="submit"
          form={refund.form}
          formAction={refund.action}
          name="payment"
          value={payment}
          className="btn btn-outline-danger btn-sm ms-2"
          disabled={refund.busy}
        >
          {t('console.members.refund')}
        </button>
      ) : null}
    </td>
  )
}

/** The limits the member set on their own spending (ADR 32): the limit, a raise waiting, a break. */
export function MemberLimits({ limits }: { limits: NonNullable<MemberFile['limits']> }) {
  const { t, i18n } = useTranslation()
  const money = (cents: number | null, currency: string) =>
    cents === null ? t('console.members.limits.none') : formatMoney(cents, currency, i18n.language)
  return (
    <Section title={t('console.members.limits.title')}>
      <dl className="row small mb-0" data-testid="member-limits">
        <dt className="col-sm-5">{t('console.members.limits.monthly')}</dt>
        <dd className="col-sm-7">{money(limits.monthly_limit, limits.currency)}</dd>
        {limits.pending_from ? (
          <>
            <dt className="col-sm-5">{t('console.members.limits.pending')}</dt>
            <dd className="col-sm-7">
              {money(limits.pending_limit, limits.pending_currency ?? limits.currency)} ·{' '}
              <ConsoleTime at={limits.pending_from} />
            </dd>
          </>
        ) : null}
        <dt className="col-sm-5">{t('console.members.limits.break')}</dt>
        <dd className="col-sm-7">
          {limits.break_until ? <ConsoleTime at={limits.break_until} /> : t('console.members.limits.none')}
        </dd>
        {limits.checked_in_at ? (
          <>
            <dt className="col-sm-5">{t('console.members.limits.checkedIn')}</dt>
            <dd className="col-sm-7">
              <ConsoleTime at={limits.checked_in_at} />
            </dd>
          </>
        ) : null}
      </dl>
    </Section>
  )
}
