import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { api } from '#common/api.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { apiErrorMessage } from '../../lib/form-errors.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'

/**
 * "Download my data" (GDPR access): asks for a zip of everything the site holds of the member; a
 * job prepares it and mails a link that works for 7 days.
 */
export function DataExport() {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [params] = useSearchParams()
  const [state, setState] = useState<'idle' | 'busy' | 'sent'>('idle')
  const [error, setError] = useState<string | null>(
    params.get('export') === 'expired' ? t('errors.exports.link_invalid') : null,
  )

  async function ask() {
    setState('busy')
    setError(null)
    try {
      await callApi(api.requestDataExport, { retries: 0 })
      setState('sent')
    } catch (e) {
      setError(apiErrorMessage(e, t))
      setState('idle')
    }
  }

  return (
    <section className="card mt-4" aria-labelledby="data-export-title">
      <div className="card-body">
        <h2 className="h5" id="data-export-title">
          {t('profilePage.export.title')}
        </h2>
        <p className="text-body-secondary">{t('profilePage.export.intro')}</p>
        <div aria-live="polite">
          {state === 'sent' ? (
            <div className="alert alert-success">{t('profilePage.export.sent')}</div>
          ) : null}
          {error ? (
            <div className="alert alert-warning" role="alert">
              {error}
            </div>
          ) : null}
        </div>
        {state === 'sent' ? null : (
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={!hydrated || state === 'busy'}
            onClick={() => void ask()}
          >
            {state === 'busy' ? t('profilePage.export.busy') : t('profilePage.export.button')}
          </button>
        )}
      </div>
    </section>
  )
}
