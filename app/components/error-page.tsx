import { isRouteErrorResponse, Link } from 'react-router'
import { useTranslation } from '../i18n.ts'
import { PageTitle } from './page-title.tsx'

/** The status an error shows: the response's own, or 500 when it has none (spec section 8). */
export function errorStatus(error: unknown): number {
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 600) return error.status
  return 500
}

/** The error screen: 404 says the page could not be found and links home; others show their message. */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation()
  const status = errorStatus(error)
  const message =
    status === 404
      ? t('errorPage.notFound')
      : isRouteErrorResponse(error) && typeof error.data === 'string' && error.data
        ? error.data
        : isRouteErrorResponse(error) && error.statusText
          ? error.statusText
          : t('errorPage.generic')
  return (
    <section className="error-page text-center py-5" aria-labelledby="error-title">
      <PageTitle title={status === 404 ? t('errorPage.notFound') : t('errorPage.title', { status })} />
      <p className="display-1 fw-bold text-primary mb-2" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title" className="h3 mb-4">
        {message}
      </h1>
      <Link to="/" className="btn btn-primary btn-lg">
        {t('errorPage.home')}
      </Link>
    </section>
  )
}
