import type { FormEvent, KeyboardEvent } from 'react'
import { Link } from 'react-router'
import { CameraIcon, GiftIcon } from '../../components/icons.tsx'
import { useTranslation } from '../../i18n.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { useCreditPrice } from '../credits/index.ts'

/**
 * What the next message costs, said before it is sent (issue 18): free (the welcome offer), the
 * member's last affordable one (a warning, with the way to buy more), or its price in credits.
 */
function CostLine(props: {
  nextFree: boolean
  partnerName: string
  buyHref: string | null
  credits: number
  cost: number
}) {
  const { t } = useTranslation()
  const money = useCreditPrice()('text')
  const { credits, cost } = props
  if (props.nextFree)
    return (
      <span className="text-success-emphasis chat-cost" data-testid="chat-cost">
        {t('chat.costFree', { name: props.partnerName, count: cost, credits, money })}
      </span>
    )
  if (cost > 0 && credits >= cost && credits - cost < cost)
    return (
      <span className="text-warning-emphasis fw-semibold chat-cost" data-testid="chat-cost">
        {t('chat.lastCredits', { count: credits - cost })}
        {props.buyHref ? (
          <>
            {' '}
            <Link to={props.buyHref}>{t('chat.lastCreditsBuy')}</Link>
          </>
        ) : null}
      </span>
    )
  return (
    <span className="chat-cost" data-testid="chat-cost">
      {t('chat.costPaid', { count: cost, credits, money })}
    </span>
  )
}

/**
 * The composer: gifts, a photo, the text (Enter sends, Shift+Enter makes a new line) and what a
 * message costs against the member's credits.
 */
export function Composer(props: {
  text: string
  credits: number
  /** The next message is free (the welcome offer), and to whom it goes. */
  nextFree: boolean
  partnerName: string
  /** Where to buy credits and come back to this conversation; null during a break from purchases. */
  buyHref: string | null
  onTextChange: (text: string) => void
  onSubmit: (event?: FormEvent) => void
  onOpenGifts: () => void
  onPhoto: (file: File) => void
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const { settings } = useRootData()
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      props.onSubmit()
    }
  }
  return (
    <form className="chat-composer border-top bg-white p-2" onSubmit={props.onSubmit}>
      <div className="d-flex gap-2 align-items-end">
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={props.onOpenGifts}
          disabled={!hydrated}
          aria-label={t('chat.gifts.open')}
          title={t('chat.gifts.open')}
        >
          <GiftIcon />
        </button>
        <label className="btn btn-outline-secondary mb-0" title={t('chat.photo')}>
          <CameraIcon />
          <span className="visually-hidden">{t('chat.photo')}</span>
          <input
            id="chat-photo-input"
            type="file"
            accept="image/*"
            className="visually-hidden"
            disabled={!hydrated}
            onChange={(e) => {
              const file = e.target.files?.[0]
              e.target.value = ''
              if (file) props.onPhoto(file)
            }}
          />
        </label>
        <label htmlFor="chat-text" className="visually-hidden">
          {t('chat.message')}
        </label>
        <textarea
          id="chat-text"
          className="form-control"
          rows={1}
          maxLength={settings.message_length}
          value={props.text}
          onChange={(e) => props.onTextChange(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('chat.placeholder')}
        />
        <button type="submit" className="btn btn-primary" disabled={!hydrated}>
          {t('chat.send')}
        </button>
      </div>
      <p className="small text-body-secondary mb-0 mt-1 d-flex justify-content-between gap-2">
        <CostLine {...props} cost={settings.message_credits} />
        <span aria-hidden="true" className="text-nowrap">
          {props.text.length}/{settings.message_length}
        </span>
      </p>
    </form>
  )
}
