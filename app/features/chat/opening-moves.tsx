import { moveQuestionKey, type OpeningMoveKey } from '#common/opening-moves.ts'
import type { Message } from '#common/schemas/message.ts'
import type { OpeningMove } from '#common/schemas/profile-prompts.ts'
import { type TFunction, useTranslation } from '../../i18n.ts'

// Opening moves in the conversation (issue 61, point 2): the profile's moves offered to a first
// writer, the one being answered above the composer, and the question quoted in the message's bubble.

/** A move's question in the reader's language (a key the list no longer has reads as nothing). */
const question = (t: TFunction, key: string) =>
  t(moveQuestionKey(key as OpeningMoveKey), { defaultValue: '' })

/** The move's question and, for a prompt, the profile's answer under it. */
function Quote({
  move,
  className = '',
}: {
  move: { key: string; answer: string | null }
  className?: string
}) {
  const { t } = useTranslation()
  return (
    <blockquote className={`move-quote mb-1 ${className}`}>
      <span className="move-quote-question d-block">{question(t, move.key)}</span>
      {move.answer ? <span className="move-quote-answer d-block">{move.answer}</span> : null}
    </blockquote>
  )
}

/** In a text's bubble: the opening move it answers, quoted above its words. */
export function MoveBubble({ message, mine }: { message: Message; mine: boolean }) {
  const { t } = useTranslation()
  if (!message.move) return null
  return (
    <span className="d-block" data-testid="move-quote">
      <span className="move-quote-label d-block small">
        {mine ? t('openingMoves.quoted') : t('openingMoves.yourQuestion')}
      </span>
      <Quote move={message.move} />
    </span>
  )
}

/** An empty conversation's offer: the profile's moves, each with a button to answer it. */
export function OpeningMovesOffer(props: {
  name: string
  moves: OpeningMove[]
  disabled: boolean
  onPick: (move: OpeningMove) => void
}) {
  const { t } = useTranslation()
  if (props.moves.length === 0) return null
  return (
    <section className="opening-moves text-start mx-auto mb-3" aria-labelledby="opening-moves-title">
      <h2 id="opening-moves-title" className="h6 mb-1">
        {t('openingMoves.answerTitle', { name: props.name })}
      </h2>
      <p className="small text-body-secondary mb-2">{t('openingMoves.answerIntro')}</p>
      <ul className="list-unstyled d-grid gap-2 mb-0">
        {props.moves.map((m) => (
          <li key={m.move} className="card card-body p-2 d-flex flex-row align-items-center gap-2">
            <Quote move={{ key: m.move, answer: m.answer }} className="flex-grow-1 mb-0" />
            <button
              type="button"
              className="btn btn-sm btn-primary flex-shrink-0"
              disabled={props.disabled}
              onClick={() => props.onPick(m)}
              aria-label={`${t('openingMoves.answer')}: ${question(t, m.move)}`}
            >
              {t('openingMoves.answer')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Above the composer while the member answers a move: the question, and a way not to answer it. */
export function AnsweringMove({
  move,
  name,
  onCancel,
}: {
  move: OpeningMove
  name: string
  onCancel: () => void
}) {
  const { t } = useTranslation()
  return (
    <div
      className="answering-move border-top bg-white px-3 pt-2 d-flex align-items-start gap-2"
      data-testid="answering-move"
    >
      <div className="flex-grow-1 small">
        <span className="text-body-secondary d-block">{t('openingMoves.answering', { name })}</span>
        <Quote move={{ key: move.move, answer: move.answer }} />
      </div>
      <button type="button" className="btn-close" aria-label={t('openingMoves.cancel')} onClick={onCancel} />
    </div>
  )
}
