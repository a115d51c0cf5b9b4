import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { Modal } from '../../components/modal.tsx'
import { useTranslation } from '../../i18n.ts'
import { ACTIVATION_RESEND, useActivationResend } from '../accounts/index.ts'

function ConfirmEmail({ email }: { email: string }) {
  const { t } = useTranslation()
  const resend = useActivationResend()
  const status = resend.status?.text ?? null
  return (
    <>
      <p className="lead">{t('completeSignup.doneText', { email })}</p>
      <p className="text-body-secondary">{t('completeSignup.doneSpam')}</p>
      <div className="d-flex flex-wrap gap-2">
        <Link to="/signup-matches" className="btn btn-primary">
          {t('completeSignup.seeMatches')}
        </Link>
        <resend.Form method="post" action={ACTIVATION_RESEND}>
          <button type="submit" className="btn btn-outline-secondary" disabled={resend.busy}>
            {t('activation.sendAgain')}
          </button>
        </resend.Form>
      </div>
      {status ? (
        <p className="mt-3 mb-0" role="status">
          {status}
        </p>
      ) : null}
    </>
  )
}

/** The last step: confirm the e-mail address; a modal on smartphones (spec section 4). */
export function DoneStep({ email }: { email: string }) {
  const { t } = useTranslation()
  const [phone, setPhone] = useState(false)
  const [show, setShow] = useState(true)
  useEffect(() => setPhone(!window.matchMedia('(min-width: 768px)').matches), [])
  if (phone) {
    return (
      <Modal
        show={show}
        onHide={() => setShow(false)}
        centered
        aria-labelledby="confirm-email-title"
        id="activation-modal"
      >
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title as="h1" className="h5" id="confirm-email-title">
            {t('completeSignup.doneTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <ConfirmEmail email={email} />
        </Modal.Body>
      </Modal>
    )
  }
  return (
    <section className="card card-body shadow-sm" aria-labelledby="confirm-email-title">
      <h1 className="h4" id="confirm-email-title">
        {t('completeSignup.doneTitle')}
      </h1>
      <ConfirmEmail email={email} />
    </section>
  )
}
