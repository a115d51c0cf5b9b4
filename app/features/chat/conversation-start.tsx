import { useState } from 'react'
import type { OpeningMove } from '#common/schemas/profile-prompts.ts'
import { useTranslation } from '../../i18n.ts'
import { IcebreakerModal } from './icebreaker-modal.tsx'
import { OpeningMovesOffer } from './opening-moves.tsx'
import { OpenerList, type OpenerSource, useOpeners } from './profile-openers.tsx'

/** What a conversation not started yet offers from the profile (issue 61): its moves and openers. */
export interface Starters {
  moves: OpeningMove[]
  source: OpenerSource
}

/**
 * An empty conversation: the profile's opening moves to answer (point 2), lines from its own words
 * (point 3) and the general icebreakers. A move or a line only fills the composer: the member edits
 * and sends.
 */
export function ConversationStart(props: {
  name: string
  blockedByMe: boolean
  hydrated: boolean
  starters?: Starters
  onMove: (move: OpeningMove) => void
  onLine: (line: string) => void
}) {
  const { t } = useTranslation()
  const [showIcebreakers, setShowIcebreakers] = useState(false)
  const openers = useOpeners(props.starters?.source)
  const { name } = props
  return (
    <div className="text-center text-body-secondary py-4">
      <p>{t('chat.empty', { name })}</p>
      {props.blockedByMe ? null : (
        <>
          <OpeningMovesOffer
            name={name}
            moves={props.starters?.moves ?? []}
            disabled={!props.hydrated}
            onPick={props.onMove}
          />
          {openers.length > 0 ? (
            <section className="opening-moves text-start mx-auto mb-3" aria-labelledby="chat-openers-title">
              <h2 id="chat-openers-title" className="h6 mb-2">
                {t('openers.title')}
              </h2>
              <OpenerList lines={openers} onPick={props.onLine} />
            </section>
          ) : null}
          <button
            type="button"
            className="btn btn-outline-primary"
            onClick={() => setShowIcebreakers(true)}
            disabled={!props.hydrated}
          >
            {t('chat.icebreakers.open')}
          </button>
        </>
      )}
      <IcebreakerModal
        show={showIcebreakers}
        name={name}
        onPick={(line) => {
          props.onLine(line)
          setShowIcebreakers(false)
        }}
        onClose={() => setShowIcebreakers(false)}
      />
    </div>
  )
}
