import { Link, useSearchParams } from 'react-router'
import { api } from '#common/api.ts'
import { FormMessage } from '../../components/form-field.tsx'
import { PageTitle } from '../../components/page-title.tsx'
import { useTranslation } from '../../i18n.ts'
import { useApiForm } from '../../lib/use-api-form.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'

/** After a deletion: what happens now; with the mailed link's token, the button that undoes it. */
export default function AccountDeleted() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const token = params.get('token')
  const hydrated = useHydrated()
  const form = useApiForm(api.restoreAccount)
  if (!token) {
    return (
      <div className="container py-5 narrow-page text-center">
        <PageTitle title={t('accountDeleted.title')} />
        <h1 className="h3">{t('accountDeleted.title')}</h1>
        <p className="lead">{t('accountDeleted.intro')}</p>
        <Link to="/pages/service">{t('accountDeleted.help')}</Link>
      </div>
    )
  }
  return (
    <div className="container py-5 narrow-page text-center">
      <PageTitle title={t('accountDeleted.restoreTitle')} />
      <h1 className="h3">{t('accountDeleted.restoreTitle')}</h1>
      <FormMessage error={form.message} success={form.done ? t('accountDeleted.restored') : null} />
      {form.done ? (
        <Link to="/login" className="btn btn-primary">
          {t('login.submit')}
        </Link>
      ) : (
        <>
          <p className="lead">{t('accountDeleted.restoreIntro')}</p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={form.busy || !hydrated}
            onClick={() => form.submit({ token })}
          >
            {t('accountDeleted.restore')}
          </button>
        </>
      )}
    </div>
  )
}
