import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react'
import { Link } from 'react-router'
import { answersOnly, type FileKind, kindCredits } from '#common/message-kinds.ts'
import { PlusIcon } from '../../components/icons.tsx'
import { useTranslation } from '../../i18n.ts'
import { useDismiss } from '../../lib/use-dismiss.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { useCreditPrice } from '../credits/index.ts'
import { EXTRA_KINDS, type ExtraKind, KIND_VIEWS, RECORDED_KINDS } from './message-kinds.tsx'
import { affordable } from './paid-choice.tsx'

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
 * The paid extras behind one "+" on a phone (issue 56, point 4), each with its price: the text
 * field keeps the row's width. Esc or a click elsewhere closes the menu.
 */
function ExtrasMenu(props: { disabled: boolean; actions: Record<ExtraKind, () => void> }) {
  const { t } = useTranslation()
  const { settings } = useRootData()
  const price = useCreditPrice()
  const [open, setOpen] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  useDismiss(open, () => setOpen(false), box)
  const choose = (action: () => void) => () => {
    setOpen(false)
    action()
  }
  return (
    <div className="position-relative d-sm-none" ref={box}>
      <button
        type="button"
        className="btn btn-outline-secondary"
        aria-expanded={open}
        aria-controls="composer-extras"
        aria-label={t('chat.extras')}
        title={t('chat.extras')}
        disabled={props.disabled}
        onClick={() => setOpen((was) => !was)}
      >
        <PlusIcon />
      </button>
      {open ? (
        <div id="composer-extras" className="composer-extras card shadow">
          {EXTRA_KINDS.map((kind) => (
            <button key={kind} type="button" className="dropdown-item" onClick={choose(props.actions[kind])}>
              {KIND_VIEWS[kind].icon} {KIND_VIEWS[kind].extra?.(t)}
              <span className="d-block small text-body-secondary">
                {t('chat.extraCost', { count: kindCredits(settings, kind), money: price(kind) })}
              </span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  )
}

/**
 * The composer: gifts, a photo, the text, what the kinds record there (a voice note, once the
 * partner has written), (Enter sends, Shift+Enter makes a new line) and what a
 * message costs against the member's credits. A member whose credits do not pay for the next
 * message has "Buy credits" in place of Send (issue 56, point 2).
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
  /** Sends what a kind's recorder recorded (a voice note). */
  onRecorded: (kind: FileKind, file: File) => void
  /** The partner has written here: the kinds that only answer (common/message-kinds.ts) may be sent. */
  answering: boolean
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const { settings } = useRootData()
  const photoInput = useRef<HTMLInputElement>(null)
  /** What each kind's button does. */
  const actions: Record<ExtraKind, () => void> = {
    gift: props.onOpenGifts,
    photo: () => photoInput.current?.click(),
  }
  const cost = kindCredits(settings, 'text')
  const canPay = affordable({ free: props.nextFree, cost, credits: props.credits })
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      props.onSubmit()
    }
  }
  return (
    <form className="chat-composer border-top bg-white p-2" onSubmit={props.onSubmit}>
      <div className="d-flex gap-2 align-items-end position-relative">
        <ExtrasMenu disabled={!hydrated} actions={actions} />
        {EXTRA_KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            className="btn btn-outline-secondary d-none d-sm-inline-block"
            onClick={actions[kind]}
            disabled={!hydrated}
            aria-label={KIND_VIEWS[kind].extra?.(t)}
            title={KIND_VIEWS[kind].extra?.(t)}
          >
            {KIND_VIEWS[kind].icon}
          </button>
        ))}
        <input
          ref={photoInput}
          id="chat-photo-input"
          type="file"
          accept="image/*"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          disabled={!hydrated}
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (file) props.onPhoto(file)
          }}
        />
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
        {RECORDED_KINDS.filter((kind) => props.answering || !answersOnly(kind)).map((kind) => {
          const Recorder = KIND_VIEWS[kind].Recorder
          return Recorder ? (
            <Recorder key={kind} disabled={!hydrated} onSend={(file) => props.onRecorded(kind, file)} />
          ) : null
        })}
        {canPay || !props.buyHref ? (
          <button type="submit" className="btn btn-primary" disabled={!hydrated}>
            {t('chat.send')}
          </button>
        ) : (
          <Link to={props.buyHref} className="btn btn-primary text-nowrap" data-testid="buy-instead">
            {t('chat.buyCredits')}
          </Link>
        )}
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
