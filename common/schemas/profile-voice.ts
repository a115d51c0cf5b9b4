import { z } from 'zod'
import { VOICE_REJECT_REASONS } from '../moderation.ts'
import { VOICE_PROMPTS } from '../voice-prompts.ts'

// A profile's voice prompt (issue 58, point 6): one recorded answer to a prompt of the list.

const Id = z.number().int().positive().max(2_147_483_647)
const Status = z.enum(['pending', 'active', 'rejected'])

export const VoicePromptKey = z.enum(VOICE_PROMPTS, { error: 'voice_prompt_invalid' })

/** A voice prompt as members hear it: the prompt, the recording's URL, its length and waveform. */
export const ProfileVoice = z.object({
  prompt: VoicePromptKey,
  url: z.string(),
  seconds: z.number(),
  levels: z.array(z.number()),
})
export type ProfileVoice = z.infer<typeof ProfileVoice>

/** The member's own: with where moderation stands, and why it was hidden. */
export const OwnProfileVoice = ProfileVoice.extend({
  status: Status,
  reject_reason: z.enum(VOICE_REJECT_REASONS).nullable(),
})
export type OwnProfileVoice = z.infer<typeof OwnProfileVoice>

/** POST /api/profile-voice.php: the prompt answered, beside the recording (the form's file). */
export const ProfileVoiceFields = z.object({ prompt: VoicePromptKey })
export const ProfileVoiceResponse = z.object({ voice: OwnProfileVoice.nullable() })

/** A voice prompt waiting for a moderator, oldest first. */
export const VoicePromptQueueItem = z.object({
  profile_id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  site: z.string(),
  prompt: VoicePromptKey,
  url: z.string(),
  seconds: z.number(),
  status: Status,
  created_at: z.string(),
})
export type VoicePromptQueueItem = z.infer<typeof VoicePromptQueueItem>
export const VoicePromptQueueResponse = z.object({
  voices: z.array(VoicePromptQueueItem),
  waiting: z.number().int(),
})

export const VoicePromptReviewInput = z.discriminatedUnion('decision', [
  z.object({ profile: Id, decision: z.literal('approve') }),
  z.object({ profile: Id, decision: z.literal('reject'), reason: z.enum(VOICE_REJECT_REASONS) }),
])
export type VoicePromptReviewInput = z.infer<typeof VoicePromptReviewInput>
export const VoicePromptReviewResponse = z.object({
  voice: z.object({ profile: z.number().int(), status: z.enum(['active', 'rejected']) }),
})
