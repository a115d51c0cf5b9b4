import { type FormEvent, useState } from 'react'
import { api } from '#common/api.ts'
import { DELETE_REASONS } from '#common/choices.ts'
import { FormField, FormMessage, SelectField } from '../../components/form-field.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { useApiForm } from '../../lib/use-api-form.ts'

/** Settings: delete the account with a reason (undoable for 14 days through the mailed link). */
export function DeleteAccountForm() {
  const { t } = useTranslation()
  const [reason, setReason] = useState('')
  const [remarks, setRemarks] = useState('')
  const [password, setPassword] = useState('')
  const form = useApiForm(api.deleteAccount)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const body = { reason: reason || undefined, remarks: remarks.trim() || undefined, password }
    if (await form.submit(body)) window.location.assign('/account-deleted')
  }
  return (
    <form onSubmit={submit} noValidate aria-busy={form.busy} aria-labelledby="settings-delete">
      <h2 id="settings-delete" className="h5 text-danger">
        {t('settings.deleteTitle')}
      </h2>
      <p className="text-body-secondary">{t('settings.deleteIntro')}</p>
      <FormMessage error={form.message} />
      <SelectField
        id="delete-reason"
        label={t('settings.reason')}
        value={reason}
        onChange={setReason}
        placeholder={t('settings.chooseReason')}
        options={DELETE_REASONS.map((r) => ({ value: r, label: t(`settings.reasons.${r}`) }))}
        error={form.fields.reason}
      />
      <div className="mb-3">
        <label className="form-label" htmlFor="delete-remarks">
          {t('settings.remarks')}
        </label>
        <textarea
          id="delete-remarks"
          className="form-control"
          rows={3}
          maxLength={1000}
          value={remarks}
          onChange={(e) => setRemarks(e.target.value)}
        />
      </div>
      <FormField
        id="delete-password"
        label={t('settings.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={form.fields.password}
      />
      <SubmitButton className="btn btn-outline-danger" busy={form.busy} busyLabel={t('settings.deleting')}>
        {t('settings.deleteButton')}
      </SubmitButton>
    </form>
  )
}
