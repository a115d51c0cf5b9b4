import { type FormEvent, useState } from 'react'
import { useParams } from 'react-router'
import { api } from '#common/api.ts'
import { FormMessage } from '../../components/form-field.tsx'
import { PageTitle } from '../../components/page-title.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { useApiForm } from '../../lib/use-api-form.ts'

/**
 * /appeal/{token}: the member concerned by a report's decision appeals it once, through the link
 * mailed with the statement of reasons (ADR 16); no login needed (a banned member has none).
 */
export default function Appeal() {
  const { t } = useTranslation()
  const token = useParams().token ?? ''
  const [text, setText] = useState('')
  const form = useApiForm(api.appeal)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void form.submit({ token, text })
  }
  return (
    <div className="container py-4 py-md-5 narrow-page">
      <PageTitle title={t('appeal.title')} />
      <h1 className="h3">{t('appeal.title')}</h1>
      {form.done ? (
        <FormMessage success={t('appeal.sent')} />
      ) : (
        <form className="card card-body shadow-sm" onSubmit={submit} noValidate aria-busy={form.busy}>
          <p>{t('appeal.intro')}</p>
          <FormMessage error={form.message} />
          <label className="form-label" htmlFor="appeal-text">
            {t('appeal.label')}
          </label>
          <textarea
            id="appeal-text"
            className={`form-control${form.fields.text ? ' is-invalid' : ''}`}
            rows={6}
            maxLength={4000}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={form.fields.text ? true : undefined}
            aria-describedby={form.fields.text ? 'appeal-text-error' : 'appeal-once'}
          />
          {form.fields.text ? (
            <div className="invalid-feedback" id="appeal-text-error">
              {form.fields.text}
            </div>
          ) : null}
          <p className="form-text" id="appeal-once">
            {t('appeal.once')}
          </p>
          <SubmitButton className="btn btn-primary" busy={form.busy}>
            {t('appeal.send')}
          </SubmitButton>
        </form>
      )}
    </div>
  )
}
