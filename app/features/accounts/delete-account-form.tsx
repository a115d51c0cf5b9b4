import { useState } from 'react'
import { Form } from 'react-router'
import { DELETE_REASONS } from '#common/choices.ts'
import { FormField, FormMessage, SelectField } from '../../components/form-field.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { usePageForm } from '../../lib/page-form.ts'

/**
 * Settings: delete the account with a reason (undoable for 14 days through the mailed link). It
 * posts to the settings page's action (`?intent=delete`), which ends the session: the browser
 * posts it itself (`reloadDocument`), so that nothing of the member's page outlives the session
 * (its live connection, its catch-up), and the answer is /account-deleted or this page again
 * with what is wrong.
 */
export function DeleteAccountForm({ pageAnswer }: { pageAnswer?: unknown }) {
  const { t } = useTranslation()
  const answer =
    (pageAnswer as { intent?: string } | undefined)?.intent === 'delete'
      ? (pageAnswer as Parameters<typeof usePageForm>[0])
      : undefined
  const form = usePageForm(answer)
  const [sending, setSending] = useState(false)
  return (
    <Form
      method="post"
      action="/notifications?intent=delete"
      reloadDocument
      noValidate
      onSubmit={() => setSending(true)}
      aria-busy={sending}
      aria-labelledby="settings-delete"
    >
      <h2 id="settings-delete" className="h5 text-danger">
        {t('settings.deleteTitle')}
      </h2>
      <p className="text-body-secondary">{t('settings.deleteIntro')}</p>
      <FormMessage error={form.message} />
      <SelectField
        id="delete-reason"
        name="reason"
        label={t('settings.reason')}
        defaultValue={form.values.reason ?? ''}
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
          name="remarks"
          className={`form-control${form.fields.remarks ? ' is-invalid' : ''}`}
          rows={3}
          maxLength={1000}
          defaultValue={form.values.remarks ?? ''}
        />
        {form.fields.remarks ? <div className="invalid-feedback d-block">{form.fields.remarks}</div> : null}
      </div>
      <FormField
        id="delete-password"
        name="password"
        label={t('settings.password')}
        type="password"
        autoComplete="current-password"
        error={form.fields.password}
      />
      <SubmitButton
        className="btn btn-outline-danger"
        busy={sending}
        busyLabel={t('settings.deleting')}
        beforeScripts
      >
        {t('settings.deleteButton')}
      </SubmitButton>
    </Form>
  )
}
