import { useState } from 'react'
import type { GiftKey } from '#common/schemas/chat.ts'
import { Modal } from '../../components/modal.tsx'
import { useTranslation } from '../../i18n.ts'
import { useCreditPrice } from '../credits/index.ts'
import { NoCreditsAlert } from './no-credits-alert.tsx'
import { affordable, Balance, type PaidChoice } from './paid-choice.tsx'

/**
 * The site's gift catalogue: a picture and a name per gift, all at the site's gift_credits. A gift
 * costs more than a message: picking one asks once more, with its price and the member's credits,
 * before anything is spent; when the credits do not cover it, the out-of-credits offer stands in
 * place of Send (issue 56: no request that can only fail).
 */
export function GiftPicker(
  props: PaidChoice & {
    show: boolean
    gifts: readonly GiftKey[]
    onPick: (gift: GiftKey) => void
    onClose: () => void
  },
) {
  const { show, gifts, cost, credits, free, partnerName, returnTo, breakUntil, onPick, onClose } = props
  const { t } = useTranslation()
  const money = useCreditPrice()('gift')
  const [picked, setPicked] = useState<GiftKey | null>(null)
  // Every opening starts from the catalogue: leaving it, either way, puts the choice back.
  const close = () => {
    setPicked(null)
    onClose()
  }
  return (
    <Modal show={show} onHide={close} centered id="gift-picker" aria-labelledby="gift-picker-title">
      <Modal.Header closeButton closeLabel={t('likes.close')}>
        <Modal.Title as="h2" className="h5" id="gift-picker-title">
          {t('chat.gifts.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {picked ? (
          <div className="text-center gift-confirm">
            <img src={`/gifts/${picked}.svg`} alt="" width={72} height={72} />
            <p className="lead mt-2 mb-1">
              {t(free ? 'chat.gifts.confirmFree' : 'chat.gifts.confirm', {
                gift: t(`chat.gifts.names.${picked}`),
                name: partnerName,
                count: cost,
                money,
              })}
            </p>
            {free ? (
              <p className="small text-body-secondary">{t('chat.gifts.freeNote', { name: partnerName })}</p>
            ) : (
              <Balance credits={credits} />
            )}
            {affordable(props) ? null : (
              <NoCreditsAlert
                kind="gift"
                cost={cost}
                credits={credits}
                returnTo={returnTo}
                breakUntil={breakUntil}
              />
            )}
            <div className="d-flex flex-wrap justify-content-center gap-2 mt-2">
              <button type="button" className="btn btn-outline-secondary" onClick={() => setPicked(null)}>
                {t('chat.gifts.back')}
              </button>
              {affordable(props) ? (
                <button
                  type="button"
                  className="btn btn-primary"
                  // biome-ignore lint/a11y/noAutofocus: the dialog's one question: its answer takes the focus
                  autoFocus
                  onClick={() => {
                    setPicked(null)
                    onPick(picked)
                  }}
                >
                  {free ? t('chat.gifts.sendFree') : t('chat.gifts.send', { count: cost })}
                </button>
              ) : null}
            </div>
          </div>
        ) : (
          <>
            <p className="text-body-secondary small">
              {gifts.length > 0 ? t('chat.gifts.cost', { count: cost, money }) : t('chat.gifts.none')}
            </p>
            <ul className="gift-grid list-unstyled mb-0">
              {gifts.map((key) => (
                <li key={key}>
                  <button
                    type="button"
                    className="btn btn-light w-100 gift-option"
                    onClick={() => setPicked(key)}
                  >
                    <img src={`/gifts/${key}.svg`} alt="" width={56} height={56} />
                    <span className="d-block small mt-1">{t(`chat.gifts.names.${key}`)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </Modal.Body>
    </Modal>
  )
}
