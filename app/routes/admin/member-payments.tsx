import type { MemberFile } from '#common/schemas/support.ts'
import { useTranslation } from '../../i18n.ts'
import { Rows, Section } from './member-file-parts.tsx'

const day = (iso: string) => iso.replace('T', ' ').slice(0, 16)

/** A member's payments in their file, each paid one with its refund button (the reason is the page's). */
export function MemberPayments({
  payments,
  busy,
  onRefund,
}: {
  payments: MemberFile['payments']
  busy: boolean
  onRefund: (payment: string) => void
}) {
  const { t } = useTranslation()
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
            <td className="text-nowrap">{day(p.created_at)}</td>
            <td className="font-monospace small">
              {p.id}
              {p.provider_id ? ` / ${p.provider_id}` : ''}
            </td>
            <td className="text-nowrap">
              {(p.amount / 100).toFixed(2)} {p.currency} · {p.credits} · {p.method}
            </td>
            <PaymentStatus status={p.status} busy={busy} onRefund={() => onRefund(p.id)} />
          </tr>
        ))}
      </Rows>
    </Section>
  )
}

/** A payment's status, and for a paid one the button that refunds it. */
export function PaymentStatus({
  status,
  busy,
  onRefund,
}: {
  status: string
  busy: boolean
  onRefund: () => void
}) {
  const { t } = useTranslation()
  return (
    <td className="text-nowrap">
      {status}
      {status === 'paid' ? (
        <button
          type="button"
          className="btn btn-outline-danger btn-sm ms-2"
          disabled={busy}
          onClick={onRefund}
        >
          {t('console.members.refund')}
        </button>
      ) : null}
    </td>
  )
}
