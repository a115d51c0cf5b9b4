import type { FormEvent, KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { CameraIcon, GiftIcon } from '../../components/icons.tsx'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { useRootData } from '../../lib/use-root-data.ts'

/**
 * The composer: gifts, a photo, the text (Enter sends, Shift+Enter makes a new line) and what a
 * message costs against the member's credits.
 */
export function Composer(props: {
  text: string
  credits: number
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
      <p className="small text-body-secondary mb-0 mt-1 d-flex justify-content-between">
        <span>{t('chat.cost', { cost: settings.message_credits, credits: props.credits })}</span>
        <span aria-hidden="true">
          {props.text.length}/{settings.message_length}
        </span>
      </p>
    </form>
  )
}
