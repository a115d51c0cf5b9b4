// Openers from a profile (issue 61, point 3): three first lines built from the profile's own words
// (its prompts' answers and its interests) by templates in the reader's language (openers.* in
// common/i18n). Nothing is invented: a line quotes what the profile says, or names an interest it
// lists; a profile with fewer words gets fewer lines. The member edits a line before sending it.

/** The templates of one language: {{prompt}}, {{quote}}, {{interest}}, {{a}} and {{b}} are filled in. */
export interface OpenerTemplates {
  prompt: string[]
  interest: string[]
  pair: string
}

/** What a profile says that a line may be built from: its answers (with their prompt) and interests. */
interface OpenerWords {
  prompts: Array<{ question: string; answer: string }>
  interests: string[]
}

export const OPENERS_SHOWN = 3
/** The longest quote of an answer, in characters. */
const QUOTE_MAX = 60

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole)

/** The answer's first sentence, cut at a word to at most QUOTE_MAX characters. */
export function quoteOf(answer: string): string {
  const first =
    answer
      .split(/[.!?\n…]+/)
      .map((s) => s.trim())
      .find((s) => s.length > 0) ?? ''
  const clean = first.replace(/[\s,;:–—-]+$/u, '')
  if (clean.length <= QUOTE_MAX) return clean
  const cut = clean.slice(0, QUOTE_MAX - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > QUOTE_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:–—-]+$/u, '')}…`
}

/** An interest's name as it reads inside a sentence: "Hiking" as "hiking", "BBQ" kept. */
const inSentence = (name: string) =>
  name.length > 1 && name[1] === name[1].toLowerCase() ? name[0].toLowerCase() + name.slice(1) : name

/**
 * Up to three lines: from the answers (each with the next template), and from the interests (two
 * of them together, then one at a time); with both, at most two from the answers, for variety.
 */
export function buildOpeners(words: OpenerWords, templates: OpenerTemplates): string[] {
  const fromAnswers = words.prompts.flatMap((p, i) => {
    const quote = quoteOf(p.answer)
    return quote ? [fill(templates.prompt[i % templates.prompt.length], { prompt: p.question, quote })] : []
  })
  const interests = words.interests.map(inSentence)
  const fromInterests = [
    ...(interests.length >= 2 ? [fill(templates.pair, { a: interests[0], b: interests[1] })] : []),
    ...interests
      .slice(interests.length >= 2 ? 2 : 0)
      .map((interest, i) => fill(templates.interest[i % templates.interest.length], { interest })),
  ]
  const first = fromAnswers.slice(0, fromInterests.length > 0 ? OPENERS_SHOWN - 1 : OPENERS_SHOWN)
  // A line that begins with an interest begins with a capital all the same.
  const lines = [...first, ...fromInterests, ...fromAnswers].map(
    (l) => l.charAt(0).toUpperCase() + l.slice(1),
  )
  return [...new Set(lines)].slice(0, OPENERS_SHOWN)
}
