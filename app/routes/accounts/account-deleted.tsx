import { Form, Link, useSearchParams } from 'react-router'
import { FormMessage } from '../../components/form-field.tsx'
import { PageTitle } from '../../components/page-title.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { usePageForm } from '../../lib/page-form.ts'
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
  const form = usePageForm(actionData)
  const failed = !form.busy && actionData?.ok === false ? actionData.message : null
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
      <FormMessage error={failed} success={form.done ? t('accountDeleted.restored') : null} />
      {form.done ? (
        <Link to="/login" className="btn btn-primary">
          {t('login.submit')}
        </Link>
      ) : (
        <Form method="post">
          <p className="lead">{t('accountDeleted.restoreIntro')}</p>
          <input type="hidden" name="token" value={token} />
          <SubmitButton className="btn btn-primary" busy={form.busy} beforeScripts>
            {t('accountDeleted.restore')}
          </SubmitButton>
        </Form>
      )}
    </div>
  )
}
