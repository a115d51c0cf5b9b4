import type { CallHandlers } from '#server/lib/api-route.ts'
import type { Actor } from '#server/modules/audit/audit.service.ts'
import type { VoicePromptsService } from './voice-prompts.service.ts'

/** A moderator's decision on a voice prompt: the JSON route and the console's form run this one. */
export const voicePromptsHandlers = (s: { voicePrompts: VoicePromptsService }) =>
  ({
    reviewVoicePrompt: (body, actor) => s.voicePrompts.review(body, actor),
  }) satisfies CallHandlers<Actor>
