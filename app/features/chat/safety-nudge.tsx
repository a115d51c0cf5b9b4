import { Modal } from '../../components/modal.tsx'
import { useTranslation } from '../../i18n.ts'
import type { Nudge } from './use-sending.ts'

/**
 * The question before a send (issue 38): "Are you sure?" about a text that may hurt (edit it, or
 * send it anyway) or about a photo that may be explicit (the receiver will see it blurred).
 */
export function SafetyNudge({
  nudge,
  name,
  onAnswer,
}: {
  nudge: Nudge | null
  name: string
  onAnswer: (answer: 'edited' | 'send_anyway' | 'cancel') => void
}) {
  const { t } = useTranslation()
  const unkind = nudge?.kind === 'unkind'
  const back = unkind ? 'edited' : 'cancel'
  return (
    <Modal
      show={nudge !== null}
      onHide={() => onAnswer(back)}
      centered
      id="safety-nudge"
      aria-labelledby="safety-nudge-title"
    >
      <Modal.Header closeButton closeLabel={t('likes.close')}>
        <Modal.Title as="h2" className="h5" id="safety-nudge-title">
          {t(unkind ? 'chat.safety.unkindTitle' : 'chat.safety.explicitTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{t(unkind ? 'chat.safety.unkindBody' : 'chat.safety.explicitBody', { name })}</p>
        {nudge?.kind === 'unkind' ? (
          <blockquote className="border-start border-3 ps-2 mt-3 mb-0 text-body-secondary text-break">
            {nudge.text}
          </blockquote>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={() => onAnswer('send_anyway')}>
          {t('chat.safety.sendAnyway')}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => onAnswer(back)}>
          {t(unkind ? 'chat.safety.edit' : 'chat.safety.keepPhoto')}
        </button>
      </Modal.Footer>
    </Modal>
  )
}
