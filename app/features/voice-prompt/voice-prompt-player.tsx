import type { ProfileVoice } from '#common/schemas/profile-voice.ts'
import { useTranslation } from '../../i18n.ts'
import { clockTime, VoicePlayer } from '../chat/index.ts'

/**
 * A member's voice prompt (issue 58, point 6), on their page and their swipe card: the prompt they
 * answered, and their answer in the voice notes' player.
 */
export function VoicePromptPlayer({ voice, name }: { voice: ProfileVoice; name: string }) {
  const { t } = useTranslation()
  const prompt = t(`voicePrompt.prompts.${voice.prompt}`)
  return (
    <figure
      className="voice-prompt mb-0"
      data-testid="voice-prompt"
      aria-label={t('voicePrompt.listen', { name, prompt })}
    >
      <figcaption className="small fw-semibold mb-1">{prompt}</figcaption>
      <VoicePlayer
        voice={{ filename: voice.url, seconds: voice.seconds, levels: voice.levels, played: false }}
        message={null}
        mine={false}
        playLabel={t('voicePrompt.play', { name, length: clockTime(voice.seconds) })}
      />
    </figure>
  )
}
