// The prompts a member may answer aloud on their profile (issue 58, point 6), by key; their words are
// voicePrompt.prompts.<key> in common/i18n (en, fr). A profile keeps its key, so a prompt reworded
// in a language stays the same prompt; a key leaves this list only with its answers.

export const VOICE_PROMPTS = [
  'perfect_sunday',
  'laugh',
  'favourite_place',
  'proud_of',
  'first_date',
  'say_hello',
  'cook',
  'story',
  'song',
  'dream_trip',
  'learning',
  'little_things',
] as const
export type VoicePrompt = (typeof VOICE_PROMPTS)[number]

/** The longest answer, in seconds. */
export const VOICE_PROMPT_SECONDS = 30
