import { useState } from 'react'
import { Form, useSearchParams } from 'react-router'
import type { DirectDebitRequested } from '#common/schemas/credits.ts'
import { FormField, FormMessage } from '../../components/form-field.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { DiscountCodeField, useDiscount } from '../../features/credits/discount.tsx'
import { FictionalBeforeBuying } from '../../features/credits/fictional-before-buying.tsx'
import { useMoney } from '../../features/credits/money.tsx'
import { PaymentPageHeading } from '../../features/credits/payment-page-heading.tsx'
import { PaymentStatusPanel } from '../../features/credits/payment-status.tsx'
import { CheckedInField, PurchaseGate } from '../../features/credits/purchase-gate.tsx'
import { useTranslation } from '../../i18n.ts'
import { usePageForm, withIntent } from '../../lib/page-form.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import type { Route } from './+types/direct-debit'
import { directDebitStep, loadDirectDebit } from './credits.server.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadDirectDebit(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return directDebitStep(context, request)
}

const FIELDS = ['holder', 'iban', 'street', 'house_number', 'zip', 'city', 'phone'] as const

/**
 * /directdebit: SEPA direct debit. The account holder, IBAN, address and mobile number, then the
 * code we send by SMS, then the payment as it goes (pending, then completed or failed). Both
 * forms post to the page's action (`?intent=`), with or without the page's scripts.
 */
export default function DirectDebit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const money = useMoney()
  const [params] = useSearchParams()
  const { packages, payment } = loaderData
  const { user } = useRootData()
  const form = usePageForm(actionData)
  const answered = actionData?.ok ? actionData : null
  // The code's form, once the SMS went out; "send a new code" goes back to the first form.
  const [again, setAgain] = useState<DirectDebitRequested | null>(null)
  const sent = answered && answered.requested !== again ? answered.requested : null
  const refusedStep = actionData?.ok === false ? actionData.intent : null
  const [selected, setSelected] = useState(
    answered?.package ?? (Number(form.values.package) || loaderData.selected),
  )
  const bundle = packages.find((p) => p.id === selected) ?? null
  // The time bonus or a typed code, as on the checkout; the code's form shows what the server priced.
  const discount = useDiscount({ bundle, method: 'sdd', paused: Boolean(payment) })
  const price = sent
    ? money(sent.amount, sent.currency)
    : bundle
      ? money(discount.amount, bundle.currency)
      : ''
  const step = (intent: string) => withIntent('/directdebit', params, intent)
  /** What each account and address field shares: its id, name, label, typed value and error. */
  const field = (key: (typeof FIELDS)[number], label: string) => ({
    id: `dd-${key.replace('_', '-')}`,
    name: key,
    label: t(`directDebit.${label}`),
    defaultValue: refusedStep === 'request' ? form.values[key] : answered?.values[key],
    error: refusedStep === 'request' ? form.fields[key] : undefined,
  })
  const message = (intent: string) => (refusedStep === intent ? form.message : null)

  return (
    <div className="container py-4 direct-debit" style={{ maxWidth: 720 }}>
      <PaymentPageHeading title={t('directDebit.title')} />
      {payment || user?.paid_user ? null : <FictionalBeforeBuying />}
      {payment ? (
        <PaymentStatusPanel
          paymentId={payment.id}
          otherMethods={loaderData.methods.map((m) => ({
            method: m,
            href: `/credits/${payment.package}/${m}`,
          }))}
        />
      ) : packages.length === 0 ? (
        <p className="alert alert-info" role="status">
          {t('directDebit.noBundles')}
        </p>
      ) : (
        <PurchaseGate gate={loaderData.gate}>
          {sent || refusedStep === 'confirm' ? (
            <Form
              method="post"
              action={step('confirm')}
              noValidate
              aria-busy={form.busy}
              className="card card-body shadow-sm"
            >
              <input
                type="hidden"
                name="request_id"
                value={sent?.request_id ?? form.values.request_id ?? ''}
              />
              <CheckedInField gate={loaderData.gate} />
              <p className="lead mb-2">{t('checkout.summary', { count: bundle?.credits ?? 0, price })}</p>
              {sent ? <p role="status">{t('directDebit.codeSent', { phone: sent.phone })}</p> : null}
              <FormMessage error={message('confirm')} />
              <FormField
                id="dd-otp"
                name="otp"
                label={t('directDebit.otp')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                pattern="[0-9]*"
                error={refusedStep === 'confirm' ? form.fields.otp : undefined}
                style={{ maxWidth: 200, letterSpacing: '0.3em' }}
              />
              <p className="small text-body-secondary">
                {t('directDebit.mandate', { company: loaderData.company, price })}
              </p>
              <div className="d-flex flex-wrap gap-2">
                <SubmitButton busy={form.busy} busyLabel={t('directDebit.confirming')} beforeScripts>
                  {t('directDebit.confirm', { price })}
                </SubmitButton>
                <button
                  type="button"
                  className="btn btn-link"
                  disabled={form.busy}
                  onClick={() => setAgain(sent)}
                >
                  {t('directDebit.newCode')}
                </button>
              </div>
            </Form>
          ) : (
            <Form
              method="post"
              action={step('request')}
              noValidate
              aria-busy={form.busy}
              className="card card-body shadow-sm"
            >
              <p>{t('directDebit.intro')}</p>
              <CheckedInField gate={loaderData.gate} />
              <FormMessage error={message('request')} />
              <fieldset className="mb-3">
                <legend className="form-label fs-6">{t('directDebit.bundle')}</legend>
                <div className="list-group">
                  {packages.map((p) => (
                    <label
                      key={p.id}
                      className={`list-group-item d-flex align-items-center gap-2 ${p.id === selected ? 'active' : ''}`}
                    >
                      <input
                        type="radio"
                        name="package"
                        value={p.id}
                        className="form-check-input m-0"
                        checked={p.id === selected}
                        onChange={() => setSelected(p.id)}
                      />
                      {t('checkout.summary', { count: p.credits, price: money(p.amount, p.currency) })}
                    </label>
                  ))}
                </div>
              </fieldset>
              {bundle ? <DiscountCodeField discount={discount} before={bundle} /> : null}
              {discount.discount ? <input type="hidden" name="code" value={discount.discount.code} /> : null}
              <FormField {...field('holder', 'holder')} autoComplete="name" />
              <FormField
                {...field('iban', 'iban')}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
              />
              <div className="row g-2">
                <div className="col-8">
                  <FormField {...field('street', 'street')} autoComplete="address-line1" />
                </div>
                <div className="col-4">
                  <FormField {...field('house_number', 'houseNumber')} />
                </div>
                <div className="col-4">
                  <FormField {...field('zip', 'zip')} autoComplete="postal-code" />
                </div>
                <div className="col-8">
                  <FormField {...field('city', 'city')} autoComplete="address-level2" />
                </div>
              </div>
              <FormField
                {...field('phone', 'phone')}
                type="tel"
                autoComplete="tel"
                help={t('directDebit.phoneHelp')}
              />
              <div>
                <SubmitButton
                  busy={form.busy}
                  busyLabel={t('directDebit.sending')}
                  disabled={!bundle || discount.settling}
                  beforeScripts
                >
                  {t('directDebit.sendCode')}
                </SubmitButton>
              </div>
            </Form>
          )}
        </PurchaseGate>
      )}
    </div>
  )
}
