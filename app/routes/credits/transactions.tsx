import { Link } from 'react-router'
import { dateTimeFormat } from '#common/intl.ts'
import type { ReceiptResponse, TransactionsResponse } from '#common/schemas/credits.ts'
import { PageTitle } from '../../components/page-title.tsx'
import { useMoney } from '../../features/credits/money.tsx'
import { useTranslation } from '../../i18n.ts'
import { useCountryName } from '../../lib/country-names.ts'
import type { Route } from './+types/transactions'
import { loadTransactions } from './credits.server.ts'

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadTransactions(context, params.id)
}

/** Only a paid (or since refunded) payment has a receipt. */
const hasReceipt = (status: string) => status === 'paid' || status === 'refunded'

/** A credit movement with its sign: +100, -10. */
const signed = (delta: number) => (delta > 0 ? `+${delta}` : String(delta))

/** The link to a payment's receipt, where it has one (the phone's cards and the table alike). */
function ReceiptLink({
  payment,
  className,
}: {
  payment: { payment_id: string; status: string }
  className?: string
}) {
  const { t } = useTranslation()
  if (!hasReceipt(payment.status)) return null
  return (
    <Link className={className} to={`/transactions/${payment.payment_id}`}>
      {t('transactions.receipt')}
    </Link>
  )
}

/**
 * The withdrawal function's link on a purchase that may still be withdrawn from (ADR 32), or where a
 * withdrawal stands; nothing on other payments.
 */
function WithdrawLink({
  payment,
  className,
}: {
  payment: TransactionsResponse['payments'][number]
  className?: string
}) {
  const { t } = useTranslation()
  if (payment.withdrawn_at && payment.status === 'paid')
    return (
      <Link className={className} to={`/transactions/${payment.payment_id}/withdraw`}>
        {t('transactions.withdrawUnderWay')}
      </Link>
    )
  if (!payment.withdraw_until) return null
  return (
    <Link className={className} to={`/transactions/${payment.payment_id}/withdraw`}>
      {t('transactions.withdraw')}
    </Link>
  )
}

function useDate() {
  const { i18n } = useTranslation()
  return (iso: string) =>
    dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
}

/** Every payment and credit movement, newest first. */
function TransactionList({ list }: { list: TransactionsResponse }) {
  const { t } = useTranslation()
  const money = useMoney()
  const date = useDate()
  return (
    <>
      <h1 className="h3">{t('transactions.title')}</h1>
      <section className="mb-4" aria-labelledby="payments-title">
        <h2 id="payments-title" className="h5">
          {t('transactions.payments')}
        </h2>
        {list.payments.length === 0 ? (
          <p className="text-body-secondary">
            {t('transactions.noPayments')} <Link to="/credits">{t('credits.title')}</Link>
          </p>
        ) : (
          <>
            {/* Phones: one card per payment, every field in view. */}
            <ul className="list-unstyled d-md-none mb-0" aria-label={t('transactions.payments')}>
              {list.payments.map((p) => (
                <li key={p.payment_id} className="card card-body mb-2 py-2">
                  <div className="d-flex justify-content-between gap-2">
                    <span className="fw-semibold">{t('credits.bundle', { count: p.credits })}</span>
                    <span className="fw-semibold text-nowrap">{money(p.amount, p.currency)}</span>
                  </div>
                  <div className="d-flex justify-content-between gap-2 small text-body-secondary">
                    <span>{date(p.created_at)}</span>
                    <span>{t(`transactions.statuses.${p.status}`)}</span>
                  </div>
                  <div className="d-flex flex-wrap column-gap-3">
                    <ReceiptLink payment={p} className="small" />
                    <WithdrawLink payment={p} className="small" />
                  </div>
                </li>
              ))}
            </ul>
            <div className="table-responsive d-none d-md-block">
              <table className="table align-middle">
                <thead>
                  <tr>
                    <th scope="col">{t('transactions.date')}</th>
                    <th scope="col">{t('transactions.item')}</th>
                    <th scope="col" className="text-end">
                      {t('transactions.amount')}
                    </th>
                    <th scope="col">{t('transactions.status')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('transactions.receipt')}</span>
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">{t('transactions.withdraw')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.payments.map((p) => (
                    <tr key={p.payment_id}>
                      <td className="text-nowrap">{date(p.created_at)}</td>
                      <td>{t('credits.bundle', { count: p.credits })}</td>
                      <td className="text-end text-nowrap">{money(p.amount, p.currency)}</td>
                      <td>{t(`transactions.statuses.${p.status}`)}</td>
                      <td>
                        {/* Only a paid (or since refunded) payment has a receipt. */}
                        <ReceiptLink payment={p} />
                      </td>
                      <td>
                        <WithdrawLink payment={p} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
      <section aria-labelledby="movements-title">
        <h2 id="movements-title" className="h5">
          {t('transactions.movements')}
        </h2>
        <ul className="list-unstyled d-md-none" aria-label={t('transactions.movements')}>
          {list.movements.map((m) => (
            <li key={m.id} className="d-flex justify-content-between gap-2 border-bottom py-2">
              <span>
                {t(`transactions.reasons.${m.reason}`, { defaultValue: m.reason })}
                <br />
                <span className="small text-body-secondary">{date(m.created_at)}</span>
              </span>
              <span className="text-end text-nowrap">
                <span className={m.delta > 0 ? 'text-success' : ''}>{signed(m.delta)}</span>
                <br />
                <span className="small text-body-secondary">
                  {t('transactions.balance')} {m.balance_after}
                </span>
              </span>
            </li>
          ))}
        </ul>
        <div className="table-responsive d-none d-md-block">
          <table className="table align-middle">
            <thead>
              <tr>
                <th scope="col">{t('transactions.date')}</th>
                <th scope="col">{t('transactions.what')}</th>
                <th scope="col" className="text-end">
                  {t('transactions.change')}
                </th>
                <th scope="col" className="text-end">
                  {t('transactions.balance')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.movements.map((m) => (
                <tr key={m.id}>
                  <td className="text-nowrap">{date(m.created_at)}</td>
                  <td>{t(`transactions.reasons.${m.reason}`, { defaultValue: m.reason })}</td>
                  <td className={`text-end ${m.delta > 0 ? 'text-success' : ''}`}>{signed(m.delta)}</td>
                  <td className="text-end">{m.balance_after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  )
}

/** A printable receipt with the seller's name, address, chamber of commerce and VAT numbers. */
function Receipt({ receipt }: { receipt: ReceiptResponse }) {
  const { t } = useTranslation()
  const money = useMoney()
  const date = useDate()
  const countryName = useCountryName()
  const { payment: p, company: c } = receipt
  const country = countryName(c.country)
  // A payment that was not paid has no receipt: the page says where it stands instead.
  if (!hasReceipt(p.status)) {
    return (
      <article className="card card-body">
        <h1 className="h3">{t(`transactions.statuses.${p.status}`)}</h1>
        <p className="mb-0">{t('transactions.noReceipt')}</p>
      </article>
    )
  }
  return (
    <article className="receipt card card-body">
      <div className="d-flex flex-wrap justify-content-between gap-3 mb-3">
        <div>
          <h1 className="h3 mb-1">{t('transactions.receiptTitle')}</h1>
          <p className="text-body-secondary mb-0">
            {t('transactions.labelled', { label: t('transactions.number'), value: p.payment_id })}
          </p>
          <p className="text-body-secondary mb-0">
            {t('transactions.labelled', { label: t('transactions.date'), value: date(p.created_at) })}
          </p>
        </div>
        <address className="mb-0 text-md-end">
          <strong>{c.name}</strong>
          <br />
          {c.address}
          <br />
          {c.city}
          <br />
          {country}
          <br />
          {t('transactions.labelled', { label: t('transactions.kvk'), value: c.kvk })}
          <br />
          {t('transactions.labelled', { label: t('transactions.vat'), value: c.vat_numbers.join(', ') })}
        </address>
      </div>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('transactions.item')}</th>
            <th scope="col" className="text-end">
              {t('transactions.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              {receipt.site}: {t('credits.bundle', { count: p.credits })}
            </td>
            <td className="text-end">{money(p.list_amount, p.currency)}</td>
          </tr>
          {p.list_amount !== p.amount ? (
            <tr>
              <td>{t('transactions.discount')}</td>
              <td className="text-end">{money(p.amount - p.list_amount, p.currency)}</td>
            </tr>
          ) : null}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('transactions.total')}</th>
            <td className="text-end fw-semibold">{money(p.amount, p.currency)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="mb-1">
        {t('transactions.paidWith', { method: t(`payment.methods.${p.method}`) })} ·{' '}
        {t(`transactions.statuses.${p.status}`)}
      </p>
      <p className="small text-body-secondary">{t('transactions.vatIncluded')}</p>
      <div className="d-flex gap-2 d-print-none">
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          {t('transactions.print')}
        </button>
        <Link to="/transactions" className="btn btn-outline-secondary">
          {t('transactions.back')}
        </Link>
      </div>
    </article>
  )
}

/** /transactions and /transactions/{id} (spec section 2). */
export default function Transactions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <div className="container py-4">
      <PageTitle title={loaderData.receipt ? t('transactions.receiptTitle') : t('transactions.title')} />
      {loaderData.receipt ? <Receipt receipt={loaderData.receipt} /> : null}
      {loaderData.list ? <TransactionList list={loaderData.list} /> : null}
    </div>
  )
}
