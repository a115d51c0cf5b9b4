import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import {
  DirectDebitConfirm,
  DirectDebitInput,
  type DirectDebitRequested,
  type PaymentCreated,
} from '#common/schemas/credits.ts'
import { FormField, FormMessage } from '../../components/form-field.tsx'
import { PageTitle } from '../../components/page-title.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useMoney } from '../../features/credits/money.tsx'
import { PaymentStatusPanel } from '../../features/credits/payment-status.tsx'
import { fetchJson } from '../../lib/api-client.ts'
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
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }))

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
      const requested = await fetchJson<DirectDebitRequested>('/api/directdebit.php', {
        method: 'POST',
        body: JSON.stringify(body),
        retries: 0,
      })
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
      const created = await fetchJson<PaymentCreated>('/api/directdebit.php', {
        method: 'PUT',
        body: JSON.stringify(parsed.data),
        retries: 0,
      })
      navigate(`/directdebit?payment=${created.payment_id}`, { replace: true })
    })
  }

  return (
    <div className="container py-4 direct-debit" style={{ maxWidth: 720 }}>
      <PageTitle title={t('directDebit.title')} />
      <p>
        <Link to="/credits">
          <span aria-hidden="true">← </span>
          {t('checkout.allBundles')}
        </Link>
      </p>
      <h1 className="h3">{t('directDebit.title')}</h1>
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
          <FormField
            id="dd-holder"
            label={t('directDebit.holder')}
            autoComplete="name"
            value={values.holder}
            onChange={set('holder')}
            error={fields.holder}
          />
          <FormField
            id="dd-iban"
            label={t('directDebit.iban')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={values.iban}
            onChange={set('iban')}
            error={fields.iban}
          />
          <div className="row g-2">
            <div className="col-8">
              <FormField
                id="dd-street"
                label={t('directDebit.street')}
                autoComplete="address-line1"
                value={values.street}
                onChange={set('street')}
                error={fields.street}
              />
            </div>
            <div className="col-4">
              <FormField
                id="dd-house-number"
                label={t('directDebit.houseNumber')}
                value={values.house_number}
                onChange={set('house_number')}
                error={fields.house_number}
              />
            </div>
            <div className="col-4">
              <FormField
                id="dd-zip"
                label={t('directDebit.zip')}
                autoComplete="postal-code"
                value={values.zip}
                onChange={set('zip')}
                error={fields.zip}
              />
            </div>
            <div className="col-8">
              <FormField
                id="dd-city"
                label={t('directDebit.city')}
                autoComplete="address-level2"
                value={values.city}
                onChange={set('city')}
                error={fields.city}
              />
            </div>
          </div>
          <FormField
            id="dd-phone"
            type="tel"
            label={t('directDebit.phone')}
            autoComplete="tel"
            value={values.phone}
            onChange={set('phone')}
            error={fields.phone}
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
