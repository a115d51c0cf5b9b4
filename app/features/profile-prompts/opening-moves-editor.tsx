import { useId } from 'react'
import {
  MAX_OPENING_MOVES,
  moveQuestionKey,
  OPENING_QUESTIONS,
  type OpeningMoveKey,
} from '#common/opening-moves.ts'
import type { ProfilePrompt } from '#common/profile-prompts.ts'
import { useTranslation } from '../../i18n.ts'

/**
 * The opening moves (issue 61, point 2): up to three of the member's answered prompts, or questions
 * of the short list, that whoever writes to them first may answer to begin. Ticked in the order
 * chosen; once three are ticked the others wait.
 */
export function OpeningMovesEditor(props: {
  answered: ProfilePrompt[]
  moves: OpeningMoveKey[]
  disabled: boolean
  onChange: (moves: OpeningMoveKey[]) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const { moves } = props
  const full = moves.length >= MAX_OPENING_MOVES
  const toggle = (key: OpeningMoveKey, on: boolean) =>
    props.onChange(on ? [...moves, key] : moves.filter((m) => m !== key))
  const box = (key: OpeningMoveKey) => {
    const on = moves.includes(key)
    return (
      <div className="form-check" key={key}>
        <input
          className="form-check-input"
          type="checkbox"
          id={`${id}-${key}`}
          checked={on}
          disabled={props.disabled || (full && !on)}
          onChange={(e) => toggle(key, e.target.checked)}
        />
        <label className="form-check-label" htmlFor={`${id}-${key}`}>
          {t(moveQuestionKey(key))}
        </label>
      </div>
    )
  }
  const questionsChosen = moves.some((m) => (OPENING_QUESTIONS as readonly string[]).includes(m))
  return (
    <fieldset className="border rounded p-3 mb-3" data-testid="opening-moves-editor">
      <legend className="h6 float-none w-auto px-1 mb-1">{t('openingMoves.title')}</legend>
      <p className="small text-body-secondary mb-2">
        {t('openingMoves.intro', { count: MAX_OPENING_MOVES })}{' '}
        <span aria-live="polite">
          {t('openingMoves.chosen', { count: moves.length, max: MAX_OPENING_MOVES })}
        </span>
      </p>
      {props.answered.length > 0 ? (
        <div className="mb-2">
          <p className="small fw-semibold mb-1">{t('openingMoves.fromPrompts')}</p>
          {props.answered.map(box)}
        </div>
      ) : null}
      <details open={questionsChosen || props.answered.length === 0}>
        <summary className="small fw-semibold mb-1">{t('openingMoves.fromList')}</summary>
        {OPENING_QUESTIONS.map(box)}
      </details>
    </fieldset>
  )
}
