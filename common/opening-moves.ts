import { PROFILE_PROMPTS, type ProfilePrompt } from './profile-prompts.ts'

// Opening moves (issue 61, point 2): up to three questions a member sets for whoever writes to them
// first, who may answer one to begin; the message then quotes it. A move is one of the member's own
// prompts (its answer is quoted with it) or a question of this short list, by key; their words are
// openingMoves.questions.<key> in common/i18n (en, fr), so each reader sees it in their language.

export const OPENING_QUESTIONS = [
  'ideal_sunday',
  'last_trip',
  'comfort_film',
  'small_joy',
  'first_date',
  'hidden_talent',
  'best_advice',
  'bucket_list',
  'perfect_meal',
  'laugh_at',
] as const
type OpeningQuestion = (typeof OPENING_QUESTIONS)[number]

/** A move's key: a prompt of the profile, or a question of the list. */
export type OpeningMoveKey = ProfilePrompt | OpeningQuestion
export const OPENING_MOVE_KEYS = [...PROFILE_PROMPTS, ...OPENING_QUESTIONS] as unknown as [
  OpeningMoveKey,
  ...OpeningMoveKey[],
]

/** How many opening moves a profile sets at most. */
export const MAX_OPENING_MOVES = 3

/** Whether a move is one of the profile's prompts (quoted with its answer) rather than a question. */
export const isPromptMove = (key: string): key is ProfilePrompt =>
  (PROFILE_PROMPTS as readonly string[]).includes(key)

/** The words of a move's question, as an i18n key. */
export const moveQuestionKey = (key: OpeningMoveKey) =>
  isPromptMove(key) ? `profilePrompts.prompts.${key}` : `openingMoves.questions.${key}`
