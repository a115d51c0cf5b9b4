import type {
  OwnProfileVoice,
  ProfileVoice,
  VoicePromptQueueItem,
  VoicePromptReviewInput,
} from '#common/schemas/profile-voice.ts'
import { VOICE_PROMPT_SECONDS, type VoicePrompt } from '#common/voice-prompts.ts'
import type { Db } from '#server/db/client.ts'
import type { profileVoices } from '#server/db/schema/voice-prompts.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import type { MediaStore } from '#server/lib/media-store.ts'
import { mediaUrl } from '#server/lib/media-url.ts'
import { notApprovedMail } from '#server/lib/not-approved-mail.ts'
import { storeVoice, voiceUploadBytes } from '#server/lib/voice/store-voice.ts'
import type { VoiceProcessor } from '#server/lib/voice/voice-processor.ts'
import { type Actor, recordAudit } from '#server/modules/audit/audit.service.ts'
import { enqueueMail, type MailService } from '#server/modules/mail/mail.service.ts'
import type { Site, SitesService } from '#server/modules/sites/sites.service.ts'
import {
  countVoiceQueue,
  deleteVoice,
  lockVoiceForReview,
  replaceVoice,
  selectActiveVoices,
  selectOwnVoice,
  selectVoiceQueue,
  updateVoiceReview,
} from './voice-prompts.queries.ts'

/** The most an answer's upload may weigh. */
export const VOICE_PROMPT_BYTES = voiceUploadBytes(VOICE_PROMPT_SECONDS)
/** How many waiting voice prompts the console's queue shows at once. */
const QUEUE_PAGE = 50

type VoiceRow = typeof profileVoices.$inferSelect
type Status = OwnProfileVoice['status']

const heard = (row: VoiceRow, cdn: string): ProfileVoice => ({
  prompt: row.prompt as VoicePrompt,
  url: mediaUrl(cdn, row.filename),
  seconds: row.seconds,
  levels: row.levels,
})

/** What the member page and the swipe deck play: the active voice prompts of some profiles, by profile id. */
export type VoicesOf = (profileIds: number[], cdn: string) => Promise<Map<number, ProfileVoice>>

/** VoicesOf over a database. */
export const heardVoices =
  (db: Db): VoicesOf =>
  async (profileIds, cdn) =>
    new Map((await selectActiveVoices(db, profileIds)).map((row) => [row.profileId, heard(row, cdn)]))

export type VoicePromptsService = ReturnType<typeof createVoicePromptsService>

/**
 * A profile's voice prompt (issue 58, point 6; ADR 36): a member answers one prompt of the list
 * aloud, in at most 30 seconds, recorded as a chat's voice note is and decoded the same way on the
 * server (its length and waveform measured, AAC in MP4 kept). It is moderated as a photo is: shown
 * at once or held until approved by the site's new_photo_status, and in the console's queue either
 * way; a rejected one is hidden and its member told why. Members hear an active one on the profile
 * page and the swipe card; its owner may replace or remove it.
 */
export function createVoicePromptsService(
  db: Db,
  deps: {
    now: Clock
    sites: SitesService
    mail: MailService
    media: Pick<MediaStore, 'put' | 'remove'>
    voice: Pick<VoiceProcessor, 'process'>
  },
) {
  const own = (row: VoiceRow, cdn: string): OwnProfileVoice => ({
    ...heard(row, cdn),
    status: row.status as Status,
    reject_reason: row.rejectReason as OwnProfileVoice['reject_reason'],
  })

  async function profileOf(userId: number) {
    const found = await selectOwnVoice(db, userId)
    if (!found) throw new AppError('authentication_required', 403)
    return found
  }

  return {
    /** GET /api/profile-voice.php: the member's own voice prompt, whatever its status. */
    async get(userId: number, site: Site): Promise<OwnProfileVoice | null> {
      const { voice } = await profileOf(userId)
      return voice ? own(voice, site.settings.cdn_prefix) : null
    },

    /**
     * POST /api/profile-voice.php: records the member's answer in place of the one they had. A
     * file that is not audio, is silent or lasts longer than 30 seconds is refused, nothing kept.
     */
    async save(userId: number, site: Site, prompt: VoicePrompt, audio: Buffer): Promise<OwnProfileVoice> {
      const { profileId } = await profileOf(userId)
      const at = deps.now()
      const kept = await storeVoice(audio, deps, VOICE_PROMPT_SECONDS, 'u', at)
      const row: VoiceRow = {
        profileId,
        prompt,
        filename: kept.filename,
        seconds: kept.seconds,
        levels: kept.levels,
        status: site.settings.new_photo_status,
        createdAt: at,
        reviewedAt: null,
        rejectReason: null,
      }
      const replaced = await db
        .transaction((tx) => replaceVoice(tx, row))
        .catch(async (error: unknown) => {
          await deps.media.remove([kept.filename])
          throw error
        })
      if (replaced) await deps.media.remove([replaced])
      return own(row, site.settings.cdn_prefix)
    },

    /** DELETE /api/profile-voice.php: removes it, file included (nothing when there is none). */
    async remove(userId: number): Promise<void> {
      const { profileId } = await profileOf(userId)
      const file = await deleteVoice(db, profileId)
      if (file) await deps.media.remove([file])
    },

    /** The console's queue: voice prompts no moderator has decided, oldest first. */
    async queue(): Promise<{ voices: VoicePromptQueueItem[]; waiting: number }> {
      const [rows, waiting] = await Promise.all([selectVoiceQueue(db, QUEUE_PAGE), countVoiceQueue(db)])
      const voices = rows.map(({ voice, name, userId, siteId }) => {
        const site = deps.sites.byId(siteId)
        return {
          profile_id: voice.profileId,
          user_id: userId,
          name,
          site: site.settings.name,
          prompt: voice.prompt as VoicePrompt,
          url: mediaUrl(site.settings.cdn_prefix, voice.filename),
          seconds: voice.seconds,
          status: voice.status as Status,
          created_at: voice.createdAt.toISOString(),
        }
      })
      return { voices, waiting }
    },

    /**
     * POST /api/admin/voice-prompt-review.php: shows a voice prompt, or hides it and mails its
     * member why; audited. One another moderator already decided answers 409.
     */
    async review(input: VoicePromptReviewInput, actor: Actor) {
      const at = deps.now()
      const status = input.decision === 'approve' ? ('active' as const) : ('rejected' as const)
      const reason = input.decision === 'reject' ? input.reason : null
      await db.transaction(async (tx) => {
        const voice = await lockVoiceForReview(tx, input.profile)
        if (!voice) throw new AppError('moderation.voice_not_found', 404)
        if (voice.reviewedAt) throw new AppError('moderation.already_reviewed', 409)
        await updateVoiceReview(tx, input.profile, { status, reviewedAt: at, rejectReason: reason })
        if (reason)
          await enqueueMail(
            tx,
            notApprovedMail(
              deps.sites.byId(voice.siteId),
              voice,
              'voiceRejected',
              `moderation.voiceReasons.${reason}`,
            ),
          )
        await recordAudit(tx, actor, at, {
          action: status === 'active' ? 'voice_prompt.approve' : 'voice_prompt.reject',
          target: { type: 'profile', id: input.profile },
          reason,
          before: { status: voice.status, member: voice.userId },
          after: { status },
        })
      })
      if (reason) deps.mail.kick()
      return { voice: { profile: input.profile, status } }
    },
  }
}
