import { useId, useState } from 'react'
import { useRevalidator } from 'react-router'
import { api } from '#common/api.ts'
import type { Locale } from '#common/constants.ts'
import type { OpeningMoveKey } from '#common/opening-moves.ts'
import {
  MAX_PROFILE_PROMPTS,
  PROFILE_PROMPTS,
  PROMPT_ANSWER_MAX,
  PROMPT_GROUPS,
  type ProfilePrompt,
} from '#common/profile-prompts.ts'
import { promptFeedback } from '#common/prompt-feedback.ts'
import type { ProfilePromptsInput, PromptAnswer } from '#common/schemas/profile-prompts.ts'
import { FormMessage } from '../../components/form-field.tsx'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { apiFormErrors } from '../../lib/form-errors.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { OpeningMovesEditor } from './opening-moves-editor.tsx'

/** What the editor saves: the member's own (the default), or a fictional profile's in the console. */
type SavePrompts = (input: ProfilePromptsInput) => Promise<ProfilePromptsInput>
const saveOwn: SavePrompts = (input) => callApi(api.savePrompts, { body: input })

/**
 * The profile's written prompts (issue 61, point 1): up to three prompts chosen from the list, each
 * answered in the member's words. While they write, plain rules suggest in their language (too
 * short, only a cliché, no detail to ask about); a suggestion never blocks the save. Below them, the
 * opening moves (point 2) a first message may answer.
 */
export function PromptEditor({
  initial,
  save: send = saveOwn,
}: {
  initial: ProfilePromptsInput
  save?: SavePrompts
}) {
  const { t, i18n } = useTranslation()
  const hydrated = useHydrated()
  const revalidator = useRevalidator()
  const [rows, setRows] = useState<PromptAnswer[]>(initial.answers)
  const [moves, setMoves] = useState<OpeningMoveKey[]>(initial.moves)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState('')
  const language = i18n.language as Locale

  const change = (i: number, row: Partial<PromptAnswer>) => {
    setDone('')
    const was = rows[i].prompt
    // A prompt chosen in place of another keeps its place among the moves.
    if (row.prompt) setMoves((all) => all.map((m) => (m === was ? (row.prompt as ProfilePrompt) : m)))
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...row } : r)))
  }
  const remove = (i: number) => {
    const gone = rows[i].prompt
    setMoves((all) => all.filter((m) => m !== gone))
    setRows((all) => all.filter((_, j) => j !== i))
  }
  const unused = (keep?: ProfilePrompt) =>
    PROFILE_PROMPTS.filter((p) => p === keep || !rows.some((r) => r.prompt === p))
  const add = () => setRows((all) => [...all, { prompt: unused()[0], answer: '' }])

  const save = async () => {
    setBusy(true)
    setError(null)
    setDone('')
    try {
      const saved = await send({ answers: rows, moves })
      setRows(saved.answers)
      setMoves(saved.moves)
      await revalidator.revalidate()
      setDone(t('profilePrompts.saved'))
    } catch (e) {
      const { fields, message } = apiFormErrors(e, t)
      setError(message ?? Object.values(fields)[0] ?? t('errors.server.error'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section
      className="card card-body shadow-sm mb-4"
      aria-labelledby="prompts-title"
      data-testid="prompt-editor"
    >
      <h2 id="prompts-title" className="h5">
        {t('profilePrompts.title')}
      </h2>
      <p className="small text-body-secondary">{t('profilePrompts.intro', { count: MAX_PROFILE_PROMPTS })}</p>
      {rows.map((row, i) => (
        <PromptRow
          key={row.prompt}
          n={i + 1}
          row={row}
          choices={unused(row.prompt)}
          hint={promptFeedback(row.answer, language)}
          disabled={busy || !hydrated}
          onChange={(part) => change(i, part)}
          onRemove={() => remove(i)}
        />
      ))}
      <OpeningMovesEditor
        answered={rows.map((r) => r.prompt)}
        moves={moves}
        disabled={busy || !hydrated}
        onChange={(next) => {
          setDone('')
          setMoves(next)
        }}
      />
      <div className="d-flex flex-wrap gap-2">
        {rows.length < MAX_PROFILE_PROMPTS ? (
          <button
            type="button"
            className="btn btn-outline-primary"
            onClick={add}
            disabled={busy || !hydrated}
          >
            {t('profilePrompts.add')}
          </button>
        ) : null}
        <button type="button" className="btn btn-primary" onClick={save} disabled={busy || !hydrated}>
          {busy ? t('profilePrompts.saving') : t('profilePrompts.save')}
        </button>
      </div>
      <div aria-live="polite">{done ? <p className="small text-success mt-2 mb-0">{done}</p> : null}</div>
      <FormMessage error={error} />
    </section>
  )
}

function PromptRow(props: {
  n: number
  row: PromptAnswer
  choices: ProfilePrompt[]
  hint: ReturnType<typeof promptFeedback>
  disabled: boolean
  onChange: (part: Partial<PromptAnswer>) => void
  onRemove: () => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const { row, choices } = props
  const left = PROMPT_ANSWER_MAX - row.answer.length
  return (
    <fieldset className="border rounded p-3 mb-3" data-testid="prompt-row">
      <legend className="visually-hidden">{t('profilePrompts.choose', { n: props.n })}</legend>
      <label className="form-label small fw-semibold" htmlFor={`${id}-prompt`}>
        {t('profilePrompts.choose', { n: props.n })}
      </label>
      <select
        id={`${id}-prompt`}
        className="form-select mb-2"
        value={row.prompt}
        onChange={(e) => props.onChange({ prompt: e.target.value as ProfilePrompt })}
        disabled={props.disabled}
      >
        {Object.entries(PROMPT_GROUPS).map(([group, keys]) => (
          <optgroup key={group} label={t(`profilePrompts.groups.${group}`)}>
            {(keys as readonly ProfilePrompt[])
              .filter((k) => choices.includes(k))
              .map((k) => (
                <option key={k} value={k}>
                  {t(`profilePrompts.prompts.${k}`)}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
      <label className="form-label small" htmlFor={`${id}-answer`}>
        {t('profilePrompts.answer', { prompt: t(`profilePrompts.prompts.${row.prompt}`) })}
      </label>
      <textarea
        id={`${id}-answer`}
        className="form-control"
        rows={2}
        maxLength={PROMPT_ANSWER_MAX}
        value={row.answer}
        onChange={(e) => props.onChange({ answer: e.target.value })}
        disabled={props.disabled}
        aria-describedby={`${id}-hint ${id}-left`}
      />
      <div className="d-flex flex-wrap justify-content-between gap-2 mt-1">
        <p
          id={`${id}-hint`}
          className="small text-info-emphasis mb-0"
          aria-live="polite"
          data-testid="prompt-hint"
        >
          {props.hint ? t(`profilePrompts.feedback.${props.hint}`) : ''}
        </p>
        <p id={`${id}-left`} className="small text-body-secondary mb-0">
          {t('profilePrompts.left', { count: left })}
        </p>
      </div>
      <button
        type="button"
        className="btn btn-link btn-sm px-0 text-danger"
        onClick={props.onRemove}
        disabled={props.disabled}
      >
        {t('profilePrompts.remove')}
      </button>
    </fieldset>
  )
}
