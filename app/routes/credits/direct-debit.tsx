import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { api } from '#common/api.ts'
import { DirectDebitConfirm, DirectDebitInput, type DirectDebitRequested } from '#common/schemas/credits.ts'
import { FormField, FormMessage } from '../../components/form-field.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useMoney } from '../../features/credits/money.tsx'
import { PaymentPageHeading } from '../../features/credits/payment-page-heading.tsx'
import { PaymentStatusPanel } from '../../features/credits/payment-status.tsx'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { apiFormErrors, type FieldErrors, zodFieldErrors } from '../../lib/form-errors.ts'
import type { Route } from './+types/direct-debit'
import { loadDirectDebit } from './credits.server.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadDirectDebit(context, request)
}

const EMPTY = { holder: '', iban: '', street: '', house_number: '', zip: '', city: '', phone: '' }

/**
 * /directdebit: SEPA direct debit. The account holder, IBAN, address and mobile number, then the
 * code we send by SMS, then the payment as it goes (pending, then completed or failed).
 */
export default function DirectDebit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const money = useMoney()
  const navigate = useNavigate()
  const { packages, payment } = loaderData
  const [selected, setSelected] = useState(loaderData.selected)
  const [values, setValues] = useState(EMPTY)
  const [fields, setFields] = useState<FieldErrors>({})
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState<DirectDebitRequested | null>(null)
  const [otp, setOtp] = useState('')
  const bundle = packages.find((p) => p.id === selected) ?? null
  const price = bundle ? money(bundle.amount, bundle.currency) : ''
  /** What each account and address field shares: its id, label, value, change handler and error. */
  const field = (key: keyof typeof EMPTY, label: string) => ({
    id: `dd-${key.replace('_', '-')}`,
    label: t(`directDebit.${label}`),
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
    error: fields[key],
  })

  const run = async (work: () => Promise<void>) => {
    setMessage(null)
    setBusy(true)
    try {
      await work()
    } catch (error) {
      const result = apiFormErrors(error, t)
      setFields(result.fields)
      setMessage(result.message)
    } finally {
      setBusy(false)
    }
  }

  const requestCode = (event: FormEvent) => {
    event.preventDefault()
    const body = { package: selected ?? 0, ...values }
    const parsed = DirectDebitInput.safeParse(body)
    if (!parsed.success) {
      setFields(zodFieldErrors(parsed.error, t))
      return
    }
    setFields({})
    void run(async () => {
      const requested = await callApi(api.requestDirectDebit, { body, retries: 0 })
      setOtp('')
      setSent(requested)
    })
  }

  const confirm = (event: FormEvent) => {
    event.preventDefault()
    if (!sent) return
    const body = { request_id: sent.request_id, otp }
    const parsed = DirectDebitConfirm.safeParse(body)
    if (!parsed.success) {
      setFields(zodFieldErrors(parsed.error, t))
      return
    }
    setFields({})
    void run(async () => {
      const created = await callApi(api.confirmDirectDebit, { body: parsed.data, retries: 0 })
      navigate(`/directdebit?payment=${created.payment_id}`, { replace: true })
    })
  }

  return (
    <div className="container py-4 direct-debit" style={{ maxWidth: 720 }}>
      <PaymentPageHeading title={t('directDebit.title')} />
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
      ) : sent ? (
        <form onSubmit={confirm} noValidate aria-busy={busy} className="card card-body shadow-sm">
          <p className="lead mb-2">{t('checkout.summary', { count: bundle?.credits ?? 0, price })}</p>
          <p role="status">{t('directDebit.codeSent', { phone: sent.phone })}</p>
          <FormMessage error={message} />
          <FormField
            id="dd-otp"
            label={t('directDebit.otp')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={otp}
            onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
            error={fields.otp}
            style={{ maxWidth: 200, letterSpacing: '0.3em' }}
          />
          <p className="small text-body-secondary">
            {t('directDebit.mandate', { company: loaderData.company, price })}
          </p>
          <div className="d-flex flex-wrap gap-2">
            <SubmitButton busy={busy} busyLabel={t('directDebit.confirming')}>
              {t('directDebit.confirm', { price })}
            </SubmitButton>
            <button
              type="button"
              className="btn btn-link"
              disabled={busy}
              onClick={() => {
                setSent(null)
                setMessage(null)
                setFields({})
              }}
            >
              {t('directDebit.newCode')}
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={requestCode} noValidate aria-busy={busy} className="card card-body shadow-sm">
          <p>{t('directDebit.intro')}</p>
          <FormMessage error={message} />
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
                    className="form-check-input m-0"
                    checked={p.id === selected}
                    onChange={() => setSelected(p.id)}
                  />
                  {t('checkout.summary', { count: p.credits, price: money(p.amount, p.currency) })}
                </label>
              ))}
            </div>
          </fieldset>
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
            <SubmitButton busy={busy} busyLabel={t('directDebit.sending')} disabled={!bundle}>
              {t('directDebit.sendCode')}
            </SubmitButton>
          </div>
        </form>
      )}
    </div>
  )
}
