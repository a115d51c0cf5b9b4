import { Link } from 'react-router'
import { useTranslation } from '../i18n.ts'
import { errorMessage, errorStatus } from '../lib/error-message.ts'
import { PageTitle } from './page-title.tsx'

/** The error screen: 404 says the page could not be found and links home; others show their message. */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation()
  const status = errorStatus(error)
  const message = errorMessage(error, t)
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
