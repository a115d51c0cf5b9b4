import { useState } from 'react'
import { Link } from 'react-router'
import { api } from '#common/api.ts'
import { PageTitle } from '../../components/page-title.tsx'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { apiFormErrors } from '../../lib/form-errors.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import type { Route } from './+types/unsubscribe'
import { unsubscribeType } from './notifications.server.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  return { token, type: unsubscribeType(context, token) }
}

/** A mail's unsubscribe link opened in a browser: one button turns that mail type off (ADR 19). */
export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const { token, type } = loaderData
  const [state, setState] = useState<'ask' | 'busy' | 'done'>('ask')
  const [error, setError] = useState<string | null>(null)
  const label = type ? t(`notifications.types.${type}.label`) : ''
  const confirm = async () => {
    if (!token) return
    setState('busy')
    setError(null)
    try {
      await callApi(api.unsubscribe, { query: { token }, body: {}, retries: 2 })
      setState('done')
    } catch (failure) {
      setError(apiFormErrors(failure, t).message ?? t('unsubscribe.failed'))
      setState('ask')
    }
  }
  return (
    <div className="container py-5 narrow-page text-center">
      <PageTitle title={t('unsubscribe.title')} />
      <h1 className="h3 mb-3">{t('unsubscribe.title')}</h1>
      {!type ? (
        <p className="alert alert-warning" role="alert">
          {t('unsubscribe.invalid')}
        </p>
      ) : state === 'done' ? (
        <p className="alert alert-success" role="status">
          {t('unsubscribe.done', { type: label })}
        </p>
      ) : (
        <>
          <p className="lead">{t('unsubscribe.question', { type: label })}</p>
          {error ? (
            <p className="alert alert-danger" role="alert">
              {error}
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn-primary btn-lg"
            disabled={state === 'busy' || !hydrated}
            onClick={() => void confirm()}
          >
            {t('unsubscribe.confirm')}
          </button>
        </>
      )}
      <p className="mt-4">
        <Link to="/notifications">{t('unsubscribe.settings')}</Link>
      </p>
    </div>
  )
}
