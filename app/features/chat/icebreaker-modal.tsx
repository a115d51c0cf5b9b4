import { Modal } from '../../components/modal.tsx'
import { useTranslation } from '../../i18n.ts'

/** Opening lines in the member's language, for an empty conversation. */
export function IcebreakerModal({
  show,
  name,
  onPick,
  onClose,
}: {
  show: boolean
  name: string
  onPick: (line: string) => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const lines = t<string[]>('chat.icebreakers.lines', { returnObjects: true, name })
  return (
    <Modal show={show} onHide={onClose} centered id="icebreaker-modal" aria-labelledby="icebreaker-title">
      <Modal.Header closeButton closeLabel={t('likes.close')}>
        <Modal.Title as="h2" className="h5" id="icebreaker-title">
          {t('chat.icebreakers.title', { name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="d-grid gap-2">
          {lines.map((line) => (
            <button
              key={line}
              type="button"
              className="btn btn-outline-primary text-start"
              onClick={() => onPick(line)}
            >
              {line}
            </button>
          ))}
        </div>
      </Modal.Body>
    </Modal>
  )
}
