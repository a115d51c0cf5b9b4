import { PageTitle } from '../../components/page-title.tsx'
import { SignupForm } from '../../features/accounts/signup-form.tsx'
import { useTranslation } from '../../i18n.ts'
import type { Route } from './+types/signup'
import { redirectMember } from './guards.server.ts'
import { signUp } from './signup.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  redirectMember(context)
  return null
}

export async function action({ context, request }: Route.ActionArgs) {
  return signUp(context, request)
}

/** The sign-up page, for smartphones and for anyone without JavaScript's modal. */
export default function Signup({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <div className="container py-4 py-md-5 narrow-page">
      <PageTitle title={t('signup.title')} />
      <h1 className="h3">{t('signup.title')}</h1>
      <p className="text-body-secondary">{t('signup.intro')}</p>
      <div className="card card-body shadow-sm">
        <SignupForm answer={actionData} />
      </div>
    </div>
  )
}
