import { useSearchParams } from 'react-router'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { useFetcherForm } from '../../lib/page-form.ts'

/**
 * "Download my data" (GDPR access): asks for a zip of everything the site holds of the member; a
 * job prepares it and mails a link that works for 7 days. It posts to the profile page's action
 * (`?intent=export`), with or without the page's scripts.
 */
export function DataExport({ pageAnswer }: { pageAnswer?: unknown }) {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const form = useFetcherForm('data-export', 'export', pageAnswer)
  const expired = params.get('export') === 'expired' && !form.answer
  const error = form.message ?? (expired ? t('errors.exports.link_invalid') : null)
  return (
    <section className="card mt-4" aria-labelledby="data-export-title">
      <div className="card-body">
        <h2 className="h5" id="data-export-title">
          {t('profilePage.export.title')}
        </h2>
        <p className="text-body-secondary">{t('profilePage.export.intro')}</p>
        <div aria-live="polite">
          {form.done ? <div className="alert alert-success">{t('profilePage.export.sent')}</div> : null}
          {error ? (
            <div className="alert alert-warning" role="alert">
              {error}
            </div>
          ) : null}
        </div>
        {form.done ? null : (
          <form.fetcher.Form method="post" action="/profile?intent=export">
            <SubmitButton
              className="btn btn-outline-primary"
              busy={form.busy}
              busyLabel={t('profilePage.export.busy')}
              beforeScripts
            >
              {t('profilePage.export.button')}
            </SubmitButton>
          </form.fetcher.Form>
        )}
      </div>
    </section>
  )
}
