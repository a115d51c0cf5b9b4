import { PageTitle } from '../../components/page-title.tsx'
import { ChangeEmailForm } from '../../features/accounts/change-email-form.tsx'
import { ChangePasswordForm } from '../../features/accounts/change-password-form.tsx'
import { NotificationSettingsForm } from '../../features/accounts/notification-settings.tsx'
import { DeleteAccountSection } from '../../features/accounts/stay-offer.tsx'
import { useTranslation } from '../../i18n.ts'
import type { Route } from './+types/settings'
import { requireUser } from './guards.server.ts'
import { loadNotificationSettings } from './notifications.server.ts'
import { changeSettings, loadClosingRefund, stayOffered } from './settings.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context)
  const [notifications, refund, offered] = await Promise.all([
    loadNotificationSettings(context, user.id),
    loadClosingRefund(context, user),
    stayOffered(context, user.id),
  ])
  return { email: user.email, notifications, refund, stayOffered: offered }
}

export async function action({ context, request }: Route.ActionArgs) {
  return changeSettings(context, request)
}

/** The member's settings (/notifications): notifications, password, e-mail address, deletion. */
export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <div className="container py-4 narrow-page">
      <PageTitle title={t('settings.title')} />
      <h1 className="h3 mb-4">{t('settings.title')}</h1>
      <section className="card card-body shadow-sm mb-4" id="notifications">
        <NotificationSettingsForm initial={loaderData.notifications} pageAnswer={actionData} />
      </section>
      <section className="card card-body shadow-sm mb-4">
        <ChangePasswordForm pageAnswer={actionData} />
      </section>
      <section className="card card-body shadow-sm mb-4">
        <ChangeEmailForm current={loaderData.email} pageAnswer={actionData} />
      </section>
      <section className="card card-body shadow-sm mb-4 border-danger-subtle">
        <DeleteAccountSection
          pageAnswer={actionData}
          refund={loaderData.refund}
          offered={loaderData.stayOffered}
        />
      </section>
    </div>
  )
}
