import { Form, Link, useSearchParams } from 'react-router'
import { FormMessage } from '../../components/form-field.tsx'
import { PageTitle } from '../../components/page-title.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { usePageForm } from '../../lib/page-form.ts'
import type { Route } from './+types/mail-change-do'
import { confirmEmailChange } from './mailed-links.server.ts'

export async function action({ context, request }: Route.ActionArgs) {
  return confirmEmailChange(context, request)
}

/** Confirms a new e-mail address with the link's token (a press, so mail scanners cannot do it). */
export default function MailChangeDo({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const form = usePageForm(actionData)
  const failed = !form.busy && actionData?.ok === false ? actionData.message : null
  return (
    <div className="container py-5 narrow-page text-center">
      <PageTitle title={t('mailChange.title')} />
      <h1 className="h3">{t('mailChange.title')}</h1>
      <FormMessage
        error={failed ?? (token ? null : t('errors.accounts.link_invalid'))}
        success={form.done ? t('mailChange.done') : null}
      />
      {form.done ? (
        <Link to="/members" className="btn btn-primary">
          {t('activation.doneCta')}
        </Link>
      ) : (
        <Form method="post">
          <p className="lead">{t('mailChange.intro')}</p>
          <input type="hidden" name="token" value={token} />
          <SubmitButton className="btn btn-primary" busy={form.busy} disabled={!token} beforeScripts>
            {t('mailChange.confirm')}
          </SubmitButton>
        </Form>
      )}
    </div>
  )
}
