import type { PromptAnswer } from '#common/schemas/profile-prompts.ts'
import { useTranslation } from '../../i18n.ts'

/**
 * A profile's written prompts as others read them (issue 61, point 1): each prompt in small type
 * above the member's own words. `first` shows only the first (a swipe card has room for one).
 */
export function PromptAnswers({ answers, first = false }: { answers: PromptAnswer[]; first?: boolean }) {
  const { t } = useTranslation()
  const shown = first ? answers.slice(0, 1) : answers
  if (shown.length === 0) return null
  return (
    <ul className="list-unstyled prompt-answers mb-0" data-testid="prompt-answers">
      {shown.map((a) => (
        <li key={a.prompt} className="prompt-answer">
          <p className="prompt-answer-question small text-body-secondary mb-1">
            {t(`profilePrompts.prompts.${a.prompt}`)}
          </p>
          <p className="prompt-answer-text mb-0">{a.answer}</p>
        </li>
      ))}
    </ul>
  )
}
