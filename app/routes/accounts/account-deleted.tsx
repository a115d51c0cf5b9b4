import { Link, useSearchParams } from 'react-router'
import { PageTitle } from '../../components/page-title.tsx'
import { MailedLinkPage } from '../../features/accounts/mailed-link-page.tsx'
import { useTranslation } from '../../i18n.ts'
import type { Route } from './+types/account-deleted'
import { restoreAccount } from './mailed-links.server.ts'

export async function action({ context, request }: Route.ActionArgs) {
  return restoreAccount(context, request)
}

/** After a deletion: what happens now; with the mailed link's token, the button that undoes it. */
export default function AccountDeleted({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const token = params.get('token')
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
    <MailedLinkPage
      actionData={actionData}
      text={{
        title: 'accountDeleted.restoreTitle',
        intro: 'accountDeleted.restoreIntro',
        confirm: 'accountDeleted.restore',
        done: 'accountDeleted.restored',
      }}
      next={{ to: '/login', label: 'login.submit' }}
    />
  )
}
