import { useState } from 'react'
import { useRevalidator } from 'react-router'
import { api } from '#common/api.ts'
import type { OwnProfileVoice } from '#common/schemas/profile-voice.ts'
import { VOICE_PROMPT_SECONDS, VOICE_PROMPTS, type VoicePrompt } from '#common/voice-prompts.ts'
import { FormMessage } from '../../components/form-field.tsx'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { apiFormErrors } from '../../lib/form-errors.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { VoiceRecorder } from '../chat/index.ts'
import { VoicePromptPlayer } from './voice-prompt-player.tsx'

/**
 * The profile's voice prompt (issue 58, point 6): the member picks a prompt, records their answer
 * (at most 30 seconds, as a chat's voice note is recorded: click on a desktop, hold on a phone),
 * hears it back and saves it; then hears what others hear, where moderation stands, and removes it.
 * Recording needs the scripts: without them the section says what it is and waits.
 */
export function VoicePromptEditor({ voice, name }: { voice: OwnProfileVoice | null; name: string }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const revalidator = useRevalidator()
  const [prompt, setPrompt] = useState<VoicePrompt>(voice?.prompt ?? VOICE_PROMPTS[0])
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState('')

  const act = async (call: () => Promise<unknown>, said: string) => {
    setBusy(true)
    setError(null)
    setDone('')
    try {
      await call()
      await revalidator.revalidate()
      setDone(said)
    } catch (e) {
      const { fields, message } = apiFormErrors(e, t)
      setError(message ?? Object.values(fields)[0] ?? t('errors.server.error'))
    } finally {
      setBusy(false)
    }
  }
  const save = (file: File) =>
    act(() => callApi(api.saveVoicePrompt, { form: { prompt }, file }), t('voicePrompt.saved'))
  const remove = () => act(() => callApi(api.removeVoicePrompt, { retries: 1 }), t('voicePrompt.removed'))

  return (
    <section className="card card-body shadow-sm mb-4" aria-labelledby="voice-prompt-title">
      <h2 id="voice-prompt-title" className="h5">
        {t('voicePrompt.title')}
      </h2>
      <p className="small text-body-secondary">{t('voicePrompt.intro', { count: VOICE_PROMPT_SECONDS })}</p>
      {voice ? (
        <div className="mb-3" data-testid="own-voice-prompt">
          <VoicePromptPlayer voice={voice} name={name} />
          {voice.status === 'pending' ? (
            <p className="small text-warning-emphasis mt-2 mb-0">{t('voicePrompt.pending')}</p>
          ) : null}
          {voice.status === 'rejected' ? (
            <p className="small text-danger mt-2 mb-0">
              {t('voicePrompt.rejected', {
                reason: t(`moderation.voiceReasons.${voice.reject_reason ?? 'other_rules'}`),
              })}
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn-outline-danger btn-sm mt-2"
            onClick={remove}
            disabled={busy || !hydrated}
          >
            {t('voicePrompt.remove')}
          </button>
        </div>
      ) : null}
      <label className="form-label" htmlFor="voice-prompt-choice">
        {t('voicePrompt.choose')}
      </label>
      <select
        id="voice-prompt-choice"
        className="form-select mb-2"
        value={prompt}
        onChange={(e) => setPrompt(e.target.value as VoicePrompt)}
        disabled={busy}
      >
        {VOICE_PROMPTS.map((key) => (
          <option key={key} value={key}>
            {t(`voicePrompt.prompts.${key}`)}
          </option>
        ))}
      </select>
      {hydrated ? (
        <div className="voice-prompt-recorder d-flex flex-wrap align-items-center gap-2">
          <VoiceRecorder
            disabled={busy}
            onSend={save}
            other={{
              max: VOICE_PROMPT_SECONDS,
              record: voice ? t('voicePrompt.again') : t('voicePrompt.record'),
              send: t('voicePrompt.save'),
            }}
          />
        </div>
      ) : null}
      <div aria-live="polite">
        {busy ? <p className="small mt-2 mb-0">{t('voicePrompt.saving')}</p> : null}
        {done ? <p className="small text-success mt-2 mb-0">{done}</p> : null}
      </div>
      <FormMessage error={error} />
    </section>
  )
}
