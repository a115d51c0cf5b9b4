import { PageTitle } from '../../components/page-title.tsx'
import { LiveCheck } from '../../features/verification/index.ts'
import { useTranslation } from '../../i18n.ts'
import type { Route } from './+types/verify'
import { loadVerification } from './verify.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return loadVerification(context)
}

/** /verify: the live-selfie check that gives a profile its verified badge (issue 37). */
export default function Verify({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <div className="container py-4 narrow-page">
      <PageTitle title={t('verify.title')} />
      <h1 className="h3 mb-2">{t('verify.title')}</h1>
      <p className="text-body-secondary mb-4">{t('verify.lead')}</p>
      <noscript>
        <div className="alert alert-warning">{t('verify.camera.unsupported')}</div>
      </noscript>
      <LiveCheck status={loaderData} />
    </div>
  )
}
