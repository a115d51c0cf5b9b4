import { z } from 'zod'
import { isPromptMove, MAX_OPENING_MOVES, OPENING_MOVE_KEYS } from '../opening-moves.ts'
import { MAX_PROFILE_PROMPTS, PROFILE_PROMPTS, PROMPT_ANSWER_MAX } from '../profile-prompts.ts'

// A profile's written prompts (issue 61, point 1): up to three answers to prompts of the list; and
// its opening moves (point 2): up to three of them, or questions of a short list, for a first message.

export const ProfilePromptKey = z.enum(PROFILE_PROMPTS, { error: 'prompt_invalid' })

/** One answer as others read it: the prompt, and the member's words. */
export const PromptAnswer = z.object({
  prompt: ProfilePromptKey,
  answer: z
    .string()
    .trim()
    .min(1, { error: 'prompt_answer_required' })
    .max(PROMPT_ANSWER_MAX, { error: 'prompt_answer_too_long' }),
})
export type PromptAnswer = z.infer<typeof PromptAnswer>

export const OpeningMoveKey = z.enum(OPENING_MOVE_KEYS, { error: 'move_invalid' })

/** An opening move as a first writer reads it: its key, and the profile's answer when it is a prompt. */
export const OpeningMove = z.object({ move: OpeningMoveKey, answer: z.string().nullable() })
export type OpeningMove = z.infer<typeof OpeningMove>

/** PUT /api/profile-prompts.php: the profile's answers, in order, and its moves, in place of its own. */
export const ProfilePromptsInput = z
  .object({
    answers: z
      .array(PromptAnswer)
      .max(MAX_PROFILE_PROMPTS, { error: 'prompts_too_many' })
      .refine((answers) => new Set(answers.map((a) => a.prompt)).size === answers.length, {
        error: 'prompts_repeated',
      }),
    moves: z
      .array(OpeningMoveKey)
      .max(MAX_OPENING_MOVES, { error: 'moves_too_many' })
      .refine((moves) => new Set(moves).size === moves.length, { error: 'moves_repeated' }),
  })
  // A prompt is a move only while the profile answers it.
  .refine((v) => v.moves.every((m) => !isPromptMove(m) || v.answers.some((a) => a.prompt === m)), {
    path: ['moves'],
    error: 'move_unanswered',
  })
export type ProfilePromptsInput = z.infer<typeof ProfilePromptsInput>
export const ProfilePromptsResponse = z.object({
  answers: z.array(PromptAnswer),
  moves: z.array(OpeningMoveKey),
})

/** PUT /api/admin/fictional-prompts.php: an operator writes a fictional profile's prompts and moves. */
export const FictionalPromptsInput = ProfilePromptsInput.and(
  z.object({ profile: z.number().int().positive().max(2_147_483_647) }),
)
