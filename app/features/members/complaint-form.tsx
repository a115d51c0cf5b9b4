import { Form } from 'react-router'
import { COMPLAINT_REASONS } from '#common/choices.ts'
import { FormField, FormMessage, SelectField } from '../../components/form-field.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { type FormAnswer, usePageForm } from '../../lib/page-form.ts'

/** What the complaints page's action answers once a complaint is filed. */
type ComplaintFiled = { ok: true; result: { id: number; receipt: string | null; email: string } }

/**
 * The complaint form, also used to report a profile (then the reason starts at "fake profile").
 * It posts to the complaints page's action, with or without the page's scripts.
 */
export function ComplaintForm(props: {
  name: string
  email: string
  reported: { id: number; name: string } | null
  answer: ComplaintFiled | FormAnswer | undefined
}) {
  const { t } = useTranslation()
  const form = usePageForm(props.answer)
  const sent = form.done && props.answer?.ok ? props.answer.result : null
  if (sent) {
    return (
      <FormMessage
        success={
          sent.receipt
            ? t('complaints.sent', { id: sent.id, email: sent.receipt })
            : t('complaints.sentNoMail', { id: sent.id, email: sent.email })
        }
      />
    )
  }
  const values = form.values
  return (
    <Form
      method="post"
      noValidate
      aria-busy={form.busy}
      aria-labelledby="complaint-form-title"
      className="card card-body shadow-sm"
    >
      <h2 id="complaint-form-title" className="h5">
        {t('complaints.formTitle')}
      </h2>
      {props.reported ? (
        <>
          <p className="fw-semibold">{t('complaints.profile', { name: props.reported.name })}</p>
          <input type="hidden" name="profile" value={props.reported.id} />
        </>
      ) : null}
      <FormMessage error={form.message} />
      <FormField
        id="complaint-name"
        name="name"
        label={t('complaints.name')}
        autoComplete="name"
        defaultValue={values.name ?? props.name}
        error={form.fields.name}
      />
      <FormField
        id="complaint-email"
        name="email"
        label={t('complaints.email')}
        type="email"
        autoComplete="email"
        defaultValue={values.email ?? props.email}
        error={form.fields.email}
      />
      <SelectField
        id="complaint-reason"
        name="reason"
        label={t('complaints.reason')}
        defaultValue={values.reason ?? (props.reported ? 'fake_profile' : '')}
        placeholder={t('complaints.chooseReason')}
        options={COMPLAINT_REASONS.map((r) => ({ value: r, label: t(`complaints.reasons.${r}`) }))}
        error={form.fields.reason}
      />
      <div className="mb-3">
        <label className="form-label" htmlFor="complaint-message">
          {t('complaints.message')}
        </label>
        <textarea
          id="complaint-message"
          name="message"
          className={`form-control${form.fields.message ? ' is-invalid' : ''}`}
          rows={6}
          maxLength={5000}
          defaultValue={values.message}
          aria-invalid={form.fields.message ? true : undefined}
          aria-describedby={form.fields.message ? 'complaint-message-error' : undefined}
        />
        {form.fields.message ? (
          <div id="complaint-message-error" className="invalid-feedback d-block">
            {form.fields.message}
          </div>
        ) : null}
      </div>
      <SubmitButton busy={form.busy} beforeScripts>
        {t('complaints.send')}
      </SubmitButton>
    </Form>
  )
}
