import type { GiftKey } from '#common/schemas/chat.ts'
import { Modal } from '../../components/modal.tsx'
import { useTranslation } from '../../i18n.ts'

/** The site's gift catalogue: a picture and a name per gift, all at the site's gift_credits. */
export function GiftPicker({
  show,
  gifts,
  cost,
  onPick,
  onClose,
}: {
  show: boolean
  gifts: readonly GiftKey[]
  cost: number
  onPick: (gift: GiftKey) => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  return (
    <Modal show={show} onHide={onClose} centered id="gift-picker" aria-labelledby="gift-picker-title">
      <Modal.Header closeButton closeLabel={t('likes.close')}>
        <Modal.Title as="h2" className="h5" id="gift-picker-title">
          {t('chat.gifts.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary small">
          {gifts.length > 0 ? t('chat.gifts.cost', { count: cost }) : t('chat.gifts.none')}
        </p>
        <ul className="gift-grid list-unstyled mb-0">
          {gifts.map((key) => (
            <li key={key}>
              <button type="button" className="btn btn-light w-100 gift-option" onClick={() => onPick(key)}>
                <img src={`/gifts/${key}.svg`} alt="" width={56} height={56} />
                <span className="d-block small mt-1">{t(`chat.gifts.names.${key}`)}</span>
              </button>
            </li>
          ))}
        </ul>
      </Modal.Body>
    </Modal>
  )
}
