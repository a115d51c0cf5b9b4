import { useEffect, useState } from 'react'
import { Modal } from '../../components/modal.tsx'
import { useTranslation } from '../../i18n.ts'
import { useCreditPrice } from '../credits/index.ts'
import { NoCreditsAlert } from './no-credits-alert.tsx'
import { affordable, Balance, type PaidChoice } from './paid-choice.tsx'

/**
 * A chat photo the member picked, before anything is spent (issue 56, point 2): the picture, what it
 * costs in credits and money, the member's credits and their worth, then Send or Cancel; when the
 * credits do not cover it, the out-of-credits offer in place of Send.
 */
export function PhotoPreview(
  props: PaidChoice & {
    /** The picked file; null when no photo waits. */
    file: File | null
    onSend: (file: File) => void
    onCancel: () => void
  },
) {
  const { file, cost, credits, free, partnerName, returnTo, breakUntil, onSend, onCancel } = props
  const { t } = useTranslation()
  const money = useCreditPrice()('photo')
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file) return
    const made = URL.createObjectURL(file)
    setUrl(made)
    return () => {
      URL.revokeObjectURL(made)
      setUrl(null)
    }
  }, [file])
  return (
    <Modal
      show={file !== null}
      onHide={onCancel}
      centered
      id="photo-preview"
      aria-labelledby="photo-preview-title"
    >
      <Modal.Header closeButton closeLabel={t('likes.close')}>
        <Modal.Title as="h2" className="h5" id="photo-preview-title">
          {t('chat.photoPreview.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="photo-preview text-center">
          {url ? <img src={url} alt={t('chat.photoPreview.alt')} className="rounded" /> : null}
        </div>
        <p className="lead mt-3 mb-1 text-center" data-testid="photo-price">
          {free
            ? t('chat.photoPreview.confirmFree', { name: partnerName })
            : t('chat.photoPreview.confirm', { name: partnerName, count: cost, money })}
        </p>
        {free ? null : (
          <Balance
            credits={credits}
            className="small text-body-secondary text-center"
            testId="photo-balance"
          />
        )}
        {affordable(props) ? (
          <div className="d-flex flex-wrap justify-content-center gap-2">
            <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
              {t('chat.photoPreview.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              data-autofocus
              onClick={() => file && onSend(file)}
            >
              {free ? t('chat.photoPreview.sendFree') : t('chat.photoPreview.send', { count: cost })}
            </button>
          </div>
        ) : (
          <NoCreditsAlert
            kind="photo"
            cost={cost}
            credits={credits}
            returnTo={returnTo}
            breakUntil={breakUntil}
          />
        )}
      </Modal.Body>
    </Modal>
  )
}
