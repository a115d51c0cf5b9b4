import { Link, useSearchParams } from 'react-router'
import { PageTitle } from '../../components/page-title.tsx'
import { useTranslation } from '../../i18n.ts'

/** Where a followed activation link lands; a link followed again says the account is already active. */
export default function ActivateDone() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const already = params.get('already') === '1'
  const title = t(already ? 'activation.alreadyTitle' : 'activation.doneTitle')
  return (
    <div className="container py-5 narrow-page text-center">
      <PageTitle title={title} />
      <h1 className="h3">{title}</h1>
      <p className="lead">{t(already ? 'activation.alreadyText' : 'activation.doneText')}</p>
      <Link to="/members" className="btn btn-primary">
        {t('activation.doneCta')}
      </Link>
    </div>
  )
}
