import { cleanPhone } from '#common/clean-phone.ts'
import { PageTitle } from '../components/page-title.tsx'
import { ComplaintForm } from '../features/members/complaint-form.tsx'
import { useTranslation } from '../i18n.ts'
import { useRootData } from '../lib/use-root-data.ts'
import type { Route } from './+types/complaints'
import { fileComplaint, loadComplaints } from './complaints.server.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadComplaints(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return fileComplaint(context, request)
}

/** How to file a complaint, and where it goes. */
export default function Complaints({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { settings, company } = useRootData()
  const phone = cleanPhone(settings.support_phone)
  return (
    <div className="container py-4 py-md-5 content-page">
      <PageTitle title={t('complaints.title')} />
      <h1 className="mb-3">{t('complaints.title')}</h1>
      <div className="mb-4">
        <ComplaintForm {...loaderData} answer={actionData} />
      </div>
      <p className="lead">{t('complaints.intro', { name: settings.name })}</p>
      <h2 className="h5">{t('complaints.howTitle')}</h2>
      <ol>
        <li>{t('complaints.step1')}</li>
        <li>{t('complaints.step2')}</li>
        <li>{t('complaints.step3')}</li>
      </ol>
      <h2 className="h5">{t('complaints.contactTitle')}</h2>
      <address>
        {t('complaints.supportEmail')}{' '}
        <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a>
        <br />
        {t('complaints.phoneLabel')} <a href={`tel:${phone}`}>{phone}</a>
        <br />
        {company.name}, {company.address}, {company.city}
      </address>
      <p className="text-body-secondary small">{t('complaints.escalation')}</p>
    </div>
  )
}
