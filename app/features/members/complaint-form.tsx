import { type FormEvent, useState } from 'react'
import { api } from '#common/api.ts'
import { COMPLAINT_REASONS } from '#common/choices.ts'
import { FormField, FormMessage, SelectField } from '../../components/form-field.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { apiFormErrors, checkForm, type FieldErrors } from '../../lib/form-errors.ts'

/** The complaint form, also used to report a profile (then the reason starts at "fake profile"). */
/** The form's schema, loaded with zod at the first submit (app/lib/form-errors.ts). */
const complaintSchema = () => import('#common/schemas/members.ts').then((schemas) => schemas.ComplaintInput)

export function ComplaintForm(props: {
  name: string
  email: string
  reported: { id: number; name: string } | null
}) {
  const { t } = useTranslation()
  const [values, setValues] = useState({
    name: props.name,
    email: props.email,
    reason: props.reported ? 'fake_profile' : '',
    message: '',
  })
  const [fields, setFields] = useState<FieldErrors>({})
  const [message, setMessage] = useState<string | null>(null)
  const [sent, setSent] = useState<{ id: number; receipt: string | null; email: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const body = { ...values, reason: values.reason || undefined, profile: props.reported?.id }
    setBusy(true)
    const checked = await checkForm(complaintSchema(), body, t)
    if (!checked.ok) {
      setFields(checked.fields)
      setBusy(false)
      return
    }
    setFields({})
    setMessage(null)
    try {
      const filed = await callApi(api.fileComplaint, { body: checked.data, retries: 0 })
      setSent({ ...filed, email: checked.data.email })
    } catch (error) {
      const result = apiFormErrors(error, t)
      setFields(result.fields)
      setMessage(result.message)
    } finally {
      setBusy(false)
    }
  }

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
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-busy={busy}
      aria-labelledby="complaint-form-title"
      className="card card-body shadow-sm"
    >
      <h2 id="complaint-form-title" className="h5">
        {t('complaints.formTitle')}
      </h2>
      {props.reported ? (
        <p className="fw-semibold">{t('complaints.profile', { name: props.reported.name })}</p>
      ) : null}
      <FormMessage error={message} />
      <FormField
        id="complaint-name"
        label={t('complaints.name')}
        autoComplete="name"
        value={values.name}
        onChange={set('name')}
        error={fields.name}
      />
      <FormField
        id="complaint-email"
        label={t('complaints.email')}
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={set('email')}
        error={fields.email}
      />
      <SelectField
        id="complaint-reason"
        label={t('complaints.reason')}
        value={values.reason}
        onChange={(reason) => setValues((v) => ({ ...v, reason }))}
        placeholder={t('complaints.chooseReason')}
        options={COMPLAINT_REASONS.map((r) => ({ value: r, label: t(`complaints.reasons.${r}`) }))}
        error={fields.reason}
      />
      <div className="mb-3">
        <label className="form-label" htmlFor="complaint-message">
          {t('complaints.message')}
        </label>
        <textarea
          id="complaint-message"
          className={`form-control${fields.message ? ' is-invalid' : ''}`}
          rows={6}
          maxLength={5000}
          value={values.message}
          onChange={set('message')}
          aria-invalid={fields.message ? true : undefined}
          aria-describedby={fields.message ? 'complaint-message-error' : undefined}
        />
        {fields.message ? (
          <div id="complaint-message-error" className="invalid-feedback d-block">
            {fields.message}
          </div>
        ) : null}
      </div>
      <SubmitButton busy={busy}>{t('complaints.send')}</SubmitButton>
    </form>
  )
}
