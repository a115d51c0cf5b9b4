import { Form, Link, useSearchParams } from 'react-router'
import { FormMessage } from '../../components/form-field.tsx'
import { PageTitle } from '../../components/page-title.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { usePageForm } from '../../lib/page-form.ts'
import type { Route } from './+types/mail-change-undo'
import { undoEmailChange } from './mailed-links.server.ts'

export async function action({ context, request }: Route.ActionArgs) {
  return undoEmailChange(context, request)
}

/**
 * The old address takes the account back after a change of address it did not ask for: a press
 * (mail scanners do not post forms) ends every session and sends a link to choose a new password.
 */
export default function MailChangeUndo({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const form = usePageForm(actionData)
  const failed = !form.busy && actionData?.ok === false ? actionData.message : null
  return (
    <div className="container py-5 narrow-page text-center">
      <PageTitle title={t('mailChangeUndo.title')} />
      <h1 className="h3">{t('mailChangeUndo.title')}</h1>
      <FormMessage
        error={failed ?? (token ? null : t('errors.accounts.link_invalid'))}
        success={form.done ? t('mailChangeUndo.done') : null}
      />
      {form.done ? (
        <Link to="/login" className="btn btn-primary">
          {t('nav.login')}
        </Link>
      ) : (
        <Form method="post">
          <p className="lead">{t('mailChangeUndo.intro')}</p>
          <input type="hidden" name="token" value={token} />
          <SubmitButton className="btn btn-danger" busy={form.busy} disabled={!token} beforeScripts>
            {t('mailChangeUndo.confirm')}
          </SubmitButton>
        </Form>
      )}
    </div>
  )
}
