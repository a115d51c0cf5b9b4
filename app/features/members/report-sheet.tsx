import { type FormEvent, useId, useState } from 'react'
import { Link, useRevalidator } from 'react-router'
import { api } from '#common/api.ts'
import { PROFILE_REPORT_REASONS } from '#common/choices.ts'
import type { ProfileReportResponse } from '#common/schemas/chat.ts'
import { Modal } from '../../components/modal.tsx'
import { useTranslation } from '../../i18n.ts'
import { ApiError, callApi } from '../../lib/api-client.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'

type Reason = (typeof PROFILE_REPORT_REASONS)[number]

/**
 * Report a member in two taps (issue 56, point 3): a reason, then Send; optional words and "also
 * block". The reporter is the session's member; from a conversation, its last messages go with
 * the report. The complaints form stays for notices from outside and is linked from here.
 */
export function ReportButton({
  profile,
  conversation,
  blocked,
  className = 'btn btn-link text-body-secondary',
}: {
  profile: { id: number; name: string }
  /** The conversation the report comes from, if any. */
  conversation?: number | null
  /** The member already blocked them: the sheet offers no block. */
  blocked: boolean
  className?: string
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} disabled={!hydrated}>
        {t('report.open')}
      </button>
      {open ? (
        <ReportSheet
          profile={profile}
          conversation={conversation ?? null}
          blocked={blocked}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  )
}

export function ReportSheet({
  profile,
  conversation,
  blocked,
  onClose,
}: {
  profile: { id: number; name: string }
  conversation: number | null
  blocked: boolean
  onClose: () => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const revalidator = useRevalidator()
  const [reason, setReason] = useState<Reason | null>(null)
  const [text, setText] = useState('')
  const [block, setBlock] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [sent, setSent] = useState<ProfileReportResponse | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!reason) {
      setError(t('validation.complaint_reason_required'))
      return
    }
    setBusy(true)
    setError(null)
    try {
      const answer = await callApi(api.reportProfile, {
        body: {
          profile: profile.id,
          reason,
          block,
          ...(text.trim() ? { text: text.trim() } : {}),
          ...(conversation !== null ? { conversation } : {}),
        },
      })
      setSent(answer)
      if (answer.blocked) void revalidator.revalidate()
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('report.failed'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal show onHide={onClose} centered id="report-sheet" aria-labelledby={`${id}-title`} locked={busy}>
      <Modal.Header closeButton closeLabel={t('likes.close')}>
        <Modal.Title as="h2" className="h5" id={`${id}-title`}>
          {t('report.title', { name: profile.name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {sent ? (
          <div role="status">
            <p className="lead">{t('report.thanks')}</p>
            <p>{t('report.next', { id: sent.id })}</p>
            {sent.blocked ? <p>{t('report.blocked', { name: profile.name })}</p> : null}
            <button type="button" className="btn btn-primary" data-autofocus onClick={onClose}>
              {t('report.done')}
            </button>
          </div>
        ) : (
          <form onSubmit={submit} noValidate aria-busy={busy}>
            <fieldset>
              <legend className="fs-6 fw-semibold">{t('report.why')}</legend>
              <div className="report-reasons d-grid gap-2">
                {PROFILE_REPORT_REASONS.map((r) => (
                  <label
                    key={r}
                    className={`report-reason btn btn-outline-secondary text-start${reason === r ? ' active' : ''}`}
                  >
                    <input
                      type="radio"
                      name="reason"
                      value={r}
                      className="form-check-input me-2"
                      checked={reason === r}
                      onChange={() => setReason(r)}
                    />
                    {t(`report.reasons.${r}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <label htmlFor={`${id}-text`} className="form-label mt-3">
              {t('report.more')}
            </label>
            <textarea
              id={`${id}-text`}
              className="form-control"
              rows={2}
              maxLength={1000}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            {conversation !== null ? (
              <p className="small text-body-secondary mt-2 mb-0">{t('report.withMessages')}</p>
            ) : null}
            {blocked ? null : (
              <div className="form-check mt-3">
                <input
                  id={`${id}-block`}
                  type="checkbox"
                  className="form-check-input"
                  checked={block}
                  onChange={(e) => setBlock(e.target.checked)}
                />
                <label htmlFor={`${id}-block`} className="form-check-label">
                  {t('report.alsoBlock', { name: profile.name })}
                </label>
              </div>
            )}
            {error ? (
              <p className="alert alert-danger mt-3 mb-0" role="alert">
                {error}
              </p>
            ) : null}
            <div className="d-flex flex-wrap align-items-center gap-2 mt-3">
              <button type="submit" className="btn btn-danger" disabled={busy}>
                {t('report.send')}
              </button>
              <Link to={`/complaints?profile=${profile.id}`} className="small ms-auto">
                {t('report.complaintsForm')}
              </Link>
            </div>
          </form>
        )}
      </Modal.Body>
    </Modal>
  )
}
