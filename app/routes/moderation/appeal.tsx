import { Form } from 'react-router'
import { FormMessage } from '../../components/form-field.tsx'
import { PageTitle } from '../../components/page-title.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { usePageForm } from '../../lib/page-form.ts'
import type { Route } from './+types/appeal'
import { appeal } from './appeal.server.ts'

export async function action({ context, request, params }: Route.ActionArgs) {
  return appeal(context, request, params.token)
}

/**
 * /appeal/{token}: the member concerned by a report's decision appeals it once, through the link
 * mailed with the statement of reasons (ADR 16); no login needed (a banned member has none). The
 * appeal posts to the page's action, with or without the page's scripts.
 */
export default function Appeal({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const form = usePageForm(actionData)
  const failed = !form.busy && actionData?.ok === false ? actionData : null
  const textError = failed?.fields.text
  return (
    <div className="container py-4 py-md-5 narrow-page">
      <PageTitle title={t('appeal.title')} />
      <h1 className="h3">{t('appeal.title')}</h1>
      {form.done ? (
        <FormMessage success={t('appeal.sent')} />
      ) : (
        <Form method="post" className="card card-body shadow-sm" noValidate aria-busy={form.busy}>
          <p>{t('appeal.intro')}</p>
          <FormMessage error={textError ? null : (failed?.message ?? null)} />
          <label className="form-label" htmlFor="appeal-text">
            {t('appeal.label')}
          </label>
          <textarea
            id="appeal-text"
            name="text"
            className={`form-control${textError ? ' is-invalid' : ''}`}
            rows={6}
            maxLength={4000}
            defaultValue={form.values.text ?? ''}
            aria-invalid={textError ? true : undefined}
            aria-describedby={textError ? 'appeal-text-error' : 'appeal-once'}
          />
          {textError ? (
            <div className="invalid-feedback" id="appeal-text-error">
              {textError}
            </div>
          ) : null}
          <p className="form-text" id="appeal-once">
            {t('appeal.once')}
          </p>
          <SubmitButton className="btn btn-primary" busy={form.busy} beforeScripts>
            {t('appeal.send')}
          </SubmitButton>
        </Form>
      )}
    </div>
  )
}
