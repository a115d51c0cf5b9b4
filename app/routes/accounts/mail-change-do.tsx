import { Link, useSearchParams } from 'react-router'
import { api } from '#common/api.ts'
import { FormMessage } from '../../components/form-field.tsx'
import { PageTitle } from '../../components/page-title.tsx'
import { useTranslation } from '../../i18n.ts'
import { useApiForm } from '../../lib/use-api-form.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'

/** Confirms a new e-mail address with the link's token (a press, so mail scanners cannot do it). */
export default function MailChangeDo() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const hydrated = useHydrated()
  const form = useApiForm(api.confirmEmailChange)
  return (
    <div className="container py-5 narrow-page text-center">
      <PageTitle title={t('mailChange.title')} />
      <h1 className="h3">{t('mailChange.title')}</h1>
      <FormMessage
        error={form.message ?? (token ? null : t('errors.accounts.link_invalid'))}
        success={form.done ? t('mailChange.done') : null}
      />
      {form.done ? (
        <Link to="/members" className="btn btn-primary">
          {t('activation.doneCta')}
        </Link>
      ) : (
        <>
          <p className="lead">{t('mailChange.intro')}</p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={form.busy || !token || !hydrated}
            onClick={() => form.submit({ token })}
          >
            {t('mailChange.confirm')}
          </button>
        </>
      )}
    </div>
  )
}
