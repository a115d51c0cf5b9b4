import { useFetcher } from 'react-router'
import { VOICE_REJECT_REASONS } from '#common/moderation.ts'
import type { VoicePromptQueueItem } from '#common/schemas/profile-voice.ts'
import { clockTime } from '../../features/chat/index.ts'
import { useTranslation } from '../../i18n.ts'
import type { FormAnswer } from '../../lib/page-form.ts'

/** Where the photo page's action takes a voice prompt's decision. */
const REVIEW_VOICE = '/admin/photos?intent=reviewVoice'

/**
 * The voice prompts waiting for a moderator (issue 58, point 6), above the photo queue, oldest
 * first: each one to play, with its member, prompt and site, then Approve or Hide with a reason
 * (the member is mailed it). A decision reloads the page's data: the prompt leaves the list.
 */
export function VoicePromptQueue({ voices, waiting }: { voices: VoicePromptQueueItem[]; waiting: number }) {
  const { t } = useTranslation()
  const fetcher = useFetcher<FormAnswer & { ok: boolean }>({ key: 'voice-review' })
  const busy = fetcher.state !== 'idle'
  const failure = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null
  return (
    <section className="card card-body mb-3" aria-labelledby="voice-queue-title" data-testid="voice-queue">
      <h2 id="voice-queue-title" className="h6 d-flex align-items-center gap-2 mb-2">
        {t('console.voicePrompts.title')}
        <span className="badge text-bg-secondary">
          {t('console.voicePrompts.waiting', { count: waiting })}
        </span>
      </h2>
      {failure ? (
        <p className="alert alert-danger py-1 small" role="alert">
          {failure}
        </p>
      ) : null}
      {voices.length === 0 ? (
        <p className="small text-body-secondary mb-0">{t('console.voicePrompts.empty')}</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {voices.map((v) => (
            <li key={v.profile_id} className="border-top pt-2 mt-2" data-testid="voice-queue-item">
              <div className="small mb-1">
                <a href={`/admin/members/${v.user_id}`} className="fw-semibold">
                  {v.name}
                </a>{' '}
                · {v.site} · {t(`voicePrompt.prompts.${v.prompt}`)} ·{' '}
                <span className="text-body-secondary">
                  {v.status === 'active' ? t('console.voicePrompts.shown') : t('console.voicePrompts.held')}
                </span>
              </div>
              <fetcher.Form
                method="post"
                action={REVIEW_VOICE}
                className="d-flex flex-wrap align-items-center gap-2"
              >
                {/* biome-ignore lint/a11y/useMediaCaption: a member's recorded answer, played to decide on it */}
                <audio
                  controls
                  preload="none"
                  src={v.url}
                  aria-label={t('console.voicePrompts.listen', { name: v.name, time: clockTime(v.seconds) })}
                  style={{ height: 36, maxWidth: 260 }}
                />
                <input type="hidden" name="profile" value={v.profile_id} />
                <button
                  type="submit"
                  name="decision"
                  value="approve"
                  className="btn btn-success btn-sm"
                  disabled={busy}
                >
                  {t('console.voicePrompts.approve')}
                </button>
                <select
                  name="reason"
                  className="form-select form-select-sm w-auto"
                  aria-label={t('console.voicePrompts.reason')}
                  defaultValue="other_rules"
                >
                  {VOICE_REJECT_REASONS.map((reason) => (
                    <option key={reason} value={reason}>
                      {t(`moderation.voiceReasons.${reason}`)}
                    </option>
                  ))}
                </select>
                <button
                  type="submit"
                  name="decision"
                  value="reject"
                  className="btn btn-outline-danger btn-sm"
                  disabled={busy}
                >
                  {t('console.voicePrompts.reject')}
                </button>
              </fetcher.Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
