// A profile's voice prompt (issue 58, point 6): the player on a member's page and swipe card, and
// the profile's editor that records it.
export { VoicePromptEditor } from './voice-prompt-editor.tsx'
export { VoicePromptPlayer } from './voice-prompt-player.tsx'
