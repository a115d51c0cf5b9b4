import { useState } from 'react'
import { Link } from 'react-router'
import { api } from '#common/api.ts'
import { dateTimeFormat } from '#common/intl.ts'
import type { DiscountCode } from '#common/schemas/credits.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { apiErrorMessage } from '../../lib/form-errors.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { DeleteAccountForm } from './delete-account-form.tsx'

/**
 * Deleting the account: when the company has a delete_discount, the member is offered it first
 * (spec section 3 and the credits issue); the form comes when they go on.
 */
export function DeleteAccountSection() {
  const { t, i18n } = useTranslation()
  const hydrated = useHydrated()
  const { company } = useRootData()
  const percentage = company.delete_discount ?? 0
  const [goOn, setGoOn] = useState(percentage <= 0)
  const [code, setCode] = useState<DiscountCode | null>(null)
  const [error, setError] = useState<string | null>(null)
  if (goOn) return <DeleteAccountForm />
  const take = async () => {
    setError(null)
    try {
      setCode(await callApi(api.stayOffer, { body: { offer: 'stay' }, retries: 1 }))
    } catch (failure) {
      setError(apiErrorMessage(failure, t))
    }
  }
  const until = code?.expires
    ? dateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(code.expires))
    : ''
  return (
    <section aria-labelledby="settings-delete">
      <h2 id="settings-delete" className="h5 text-danger">
        {t('settings.deleteTitle')}
      </h2>
      <div className="card card-body border-primary mb-3 stay-offer">
        <h3 className="h5">{t('stayOffer.title', { percent: percentage })}</h3>
        {code ? (
          <p className="mb-2" role="status">
            {t('stayOffer.yourCode', { until })} <strong className="font-monospace">{code.code}</strong>
          </p>
        ) : (
          <p className="mb-2">{t('stayOffer.text', { percent: percentage })}</p>
        )}
        {error ? (
          <p className="text-danger" role="alert">
            {error}
          </p>
        ) : null}
        <div className="d-flex flex-wrap gap-2">
          {code ? (
            <Link to="/credits" className="btn btn-primary">
              {t('stayOffer.buy')}
            </Link>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void take()}
              disabled={!hydrated}
            >
              {t('stayOffer.take')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-link text-danger"
            onClick={() => setGoOn(true)}
            disabled={!hydrated}
          >
            {t('stayOffer.continue')}
          </button>
        </div>
      </div>
    </section>
  )
}
