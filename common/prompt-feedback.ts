import type { Locale } from './constants.ts'

// Feedback on a prompt's answer while the member writes it (issue 61, point 1): plain rules in the
// member's language, which suggest and never block. One hint at a time, the most useful first.

type PromptHint = 'too_short' | 'cliche' | 'no_detail'

/** Answers that say what everyone says, as words (lower case, no accents). */
const CLICHES: Record<Locale, string[]> = {
  en: [
    'i love to travel',
    'i like to travel',
    'love travelling',
    'travelling',
    'traveling',
    'good food',
    'good food and good wine',
    'good company',
    'spending time with friends and family',
    'friends and family',
    'family and friends',
    'netflix and chill',
    'going out and staying in',
    'i love to laugh',
    'someone who makes me laugh',
    'a good sense of humour',
    'sense of humor',
    'honesty',
    'being honest',
    'long walks on the beach',
    'walks on the beach',
    'work hard play hard',
    'living my best life',
    'just ask',
    'ask me',
    'coffee',
    'pizza',
    'music',
    'movies',
    'the gym',
    'having fun',
    'life is short',
    'no drama',
    'i am easy going',
    'easy going',
    'adventure',
  ],
  fr: [
    'j aime voyager',
    'voyager',
    'les voyages',
    'la bonne bouffe',
    'bien manger',
    'les bons restos',
    'passer du temps avec mes amis et ma famille',
    'ma famille et mes amis',
    'mes amis et ma famille',
    'netflix',
    'sortir et rester a la maison',
    'j aime rire',
    'quelqu un qui me fait rire',
    'l humour',
    'de l humour',
    'l honnetete',
    'la sincerite',
    'les balades sur la plage',
    'profiter de la vie',
    'demande moi',
    'le cafe',
    'la pizza',
    'la musique',
    'le cinema',
    'le sport',
    's amuser',
    'la vie est courte',
    'pas de prise de tete',
    'je suis simple',
    'simple',
    'l aventure',
  ],
}

/** Small words that carry no detail a person could ask about. */
const EMPTY: Record<Locale, ReadonlySet<string>> = {
  en: new Set(
    'a an the and or but to of in on at for with from by my your his her our their me you i im it its is are was be been am this that these those so very really just like love lot lots some any all things thing stuff good great nice fun time life people someone something always never also too more most much make makes made do does being have has get go going who what when where how why not no yes will would can could about honestly basically definitely probably obviously actually simply'.split(
      ' ',
    ),
  ),
  fr: new Set(
    'le la les l un une des de du d et ou mais a au aux en dans sur pour par avec sans mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs je j tu il elle on nous vous ils elles me m te t se s moi toi ce c cet cette ces qui que qu quoi est suis es sont etre ai as avoir fait faire tres vraiment bien bon bonne beaucoup tout tous toutes chose choses trucs truc temps vie gens quelqu quelque toujours jamais aussi plus moins pas ne n oui non comme aime adore honnetement franchement surtout evidemment simplement'.split(
      ' ',
    ),
  ),
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)

/**
 * What to suggest about an answer, or null when it reads well: too short (fewer than 5 words),
 * only a cliché (once its words are those of a cliché of the list, nothing is left), or no detail a
 * person could ask about (fewer than 3 words that are not small words, and no name or figure).
 */
export function promptFeedback(answer: string, language: Locale): PromptHint | null {
  const words = wordsOf(answer)
  if (words.length === 0) return null
  if (words.length < 5) return 'too_short'
  const joined = ` ${words.join(' ')} `
  const rest = CLICHES[language].reduce((left, cliche) => left.replace(` ${cliche} `, ' '), joined)
  const restWords = rest.split(' ').filter((w) => w && !EMPTY[language].has(w))
  if (rest !== joined && restWords.length === 0) return 'cliche'
  const named = /\d/.test(answer) || /(?<=\S\s+)\p{Lu}/u.test(answer)
  const detail = words.filter((w) => !EMPTY[language].has(w) && w.length > 2)
  if (detail.length < 3 && !named) return 'no_detail'
  return null
}
