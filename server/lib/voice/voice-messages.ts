/** What the voice thread is asked: a recording as uploaded, and the longest it may be. */
export interface VoiceRequest {
  audio: Uint8Array
  maxSeconds: number
}

/** The bars of a recording's waveform, each 0–100 (its loudness in that slice of time). */
export const WAVEFORM_BARS = 48

/**
 * What it answers: the recording in AAC in MP4 (the one format every current browser plays), its
 * length as decoded and its waveform; or why it is refused (an errors.<code> of common/i18n).
 */
export type VoiceResult =
  | { ok: true; m4a: Uint8Array; seconds: number; levels: number[] }
  | { ok: false; refused: 'voice.not_audio' | 'voice.too_long' | 'voice.empty' }
