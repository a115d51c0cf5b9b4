import { useState } from 'react'
import { Form } from 'react-router'
import { DELETE_REASONS } from '#common/choices.ts'
import { FormField, FormMessage, SelectField } from '../../components/form-field.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { usePageForm } from '../../lib/page-form.ts'

/** What deleting the account refunds of the member's purchased credits (ADR 32), formatted. */
export interface RefundOnDeletion {
  credits: number
  amount: string
}

/**
 * Settings: delete the account with a reason (undoable for 14 days through the mailed link). It
 * posts to the settings page's action (`?intent=delete`), which ends the session: the browser
 * posts it itself (`reloadDocument`), so that nothing of the member's page outlives the session
 * (its live connection, its catch-up), and the answer is /account-deleted or this page again
 * with what is wrong. With unused purchased credits, it offers their refund, ticked.
 */
export function DeleteAccountForm({
  pageAnswer,
  refund,
}: {
  pageAnswer?: unknown
  refund: RefundOnDeletion
}) {
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
      {refund.credits > 0 ? <RefundChoice refund={refund} ticked={form.values.refund} /> : null}
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

/**
 * The refund of unused purchased credits that goes with the deletion (ADR 32): how many and how
 * much, ticked; a refused deletion shows the box as the member left it.
 */
function RefundChoice({ refund, ticked }: { refund: RefundOnDeletion; ticked?: string }) {
  const { t } = useTranslation()
  return (
    <div className="card card-body bg-body-tertiary mb-3" data-testid="deletion-refund">
      <p className="mb-2">{t('settings.refund.unused', { count: refund.credits, amount: refund.amount })}</p>
      <div className="form-check mb-2">
        <input
          className="form-check-input"
          type="checkbox"
          id="delete-refund"
          name="refund"
          value="on"
          defaultChecked={ticked === undefined || ticked === 'on'}
        />
        <label className="form-check-label fw-semibold" htmlFor="delete-refund">
          {t('settings.refund.take', { amount: refund.amount })}
        </label>
      </div>
      <p className="small text-body-secondary mb-0">{t('settings.refund.how')}</p>
    </div>
  )
}
