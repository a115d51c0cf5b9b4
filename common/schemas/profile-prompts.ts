import { z } from 'zod'
import { MAX_PROFILE_PROMPTS, PROFILE_PROMPTS, PROMPT_ANSWER_MAX } from '../profile-prompts.ts'

// A profile's written prompts (issue 61, point 1): up to three answers to prompts of the list.

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

/** PUT /api/profile-prompts.php: the profile's answers, in order, in place of those it had. */
export const ProfilePromptsInput = z.object({
  answers: z
    .array(PromptAnswer)
    .max(MAX_PROFILE_PROMPTS, { error: 'prompts_too_many' })
    .refine((answers) => new Set(answers.map((a) => a.prompt)).size === answers.length, {
      error: 'prompts_repeated',
    }),
})
export const ProfilePromptsResponse = z.object({ answers: z.array(PromptAnswer) })
