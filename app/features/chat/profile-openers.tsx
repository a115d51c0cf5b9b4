import { useNavigate } from 'react-router'
import { buildOpeners, type OpenerTemplates } from '#common/openers.ts'
import type { PromptAnswer } from '#common/schemas/profile-prompts.ts'
import { useTranslation } from '../../i18n.ts'
import { keepOpeningLine } from '../../lib/opening-line.ts'

/** What openers are built from: a member page's prompts and interests (names in the page's language). */
export interface OpenerSource {
  id: number
  name: string
  prompts: PromptAnswer[]
  interests: string[]
}

/** The profile's openers in the reader's language (common/openers.ts): up to three, maybe none. */
export function useOpeners(profile: OpenerSource | undefined): string[] {
  const { t } = useTranslation()
  if (!profile) return []
  const templates = t<OpenerTemplates>('openers', { returnObjects: true })
  const prompts = profile.prompts.map((p) => ({
    question: t(`profilePrompts.prompts.${p.prompt}`),
    answer: p.answer,
  }))
  return buildOpeners({ prompts, interests: profile.interests }, templates)
}

/** A list of openers, each a button that hands its line on to be edited (nothing is sent from here). */
export function OpenerList({ lines, onPick }: { lines: string[]; onPick: (line: string) => void }) {
  const { t } = useTranslation()
  return (
    <ul className="list-unstyled d-grid gap-2 mb-0" data-testid="openers">
      {lines.map((line) => (
        <li key={line}>
          <button
            type="button"
            className="btn btn-outline-primary text-start w-100 opener"
            onClick={() => onPick(line)}
          >
            <span className="visually-hidden">{t('openers.use')}: </span>
            {line}
          </button>
        </li>
      ))}
    </ul>
  )
}

/**
 * On a member page, under their prompts and interests (issue 61, point 3): three first lines from
 * their own words. A line picked waits in the conversation's composer, to be edited and sent there.
 */
export function ProfileOpeners({ profile }: { profile: OpenerSource }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const lines = useOpeners(profile)
  if (lines.length === 0) return null
  return (
    <section className="mb-4" aria-labelledby="openers-title">
      <h2 id="openers-title" className="h5">
        {t('openers.title')}
      </h2>
      <p className="small text-body-secondary">{t('openers.intro', { name: profile.name })}</p>
      <OpenerList
        lines={lines}
        onPick={(line) => {
          keepOpeningLine(profile.id, line)
          navigate(`/members/${profile.id}/chat`)
        }}
      />
    </section>
  )
}
