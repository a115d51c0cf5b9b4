import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { strToU8, zipSync } from 'fflate'
import { api } from '#common/api.ts'
import { localeOfLanguage } from '#common/locale.ts'
import type { Db, Executor } from '#server/db/client.ts'
import { type Clock, DAY_MS, shifted } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { translator } from '#server/lib/i18n.ts'
import { renderMail } from '#server/lib/mail-layout.ts'
import type { MediaStore } from '#server/lib/media-store.ts'
import { hashToken, newToken } from '#server/lib/tokens.ts'
import { type Actor, recordAudit } from '#server/modules/audit/audit.service.ts'
import { enqueueMail, type MailService } from '#server/modules/mail/mail.service.ts'
import type { SitesService } from '#server/modules/sites/sites.service.ts'
import {
  hasPendingExport,
  insertDataExport,
  lockNextPendingExport,
  selectExportFilesOf,
  selectExportsToRemove,
  selectMemberData,
  selectReadyExport,
  selectSentChatPhotos,
  updateDataExport,
  updateDataExportsExpired,
} from './data-export.queries.ts'

/** How long the mailed link to an export works. */
const EXPORT_LINK_DAYS = 7

type MemberData = NonNullable<Awaited<ReturnType<typeof selectMemberData>>>

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)
/** Where a file sent in chat goes in the zip: its kind's folder (chat-photos/, chat-voices/). */
const chatFile = (kind: string, key: string) => `chat-${kind}s/${path.basename(key)}`

/** The export's JSON files: what the member gave, did and was sent, never another member's private data. */
function exportFiles(data: MemberData): Record<string, unknown> {
  const { user, profile } = data
  const me = user.id
  return {
    'profile.json': {
      account: {
        id: user.id,
        email: user.email,
        language: user.language,
        status: user.status,
        credits: user.credits,
        premium: user.paidUser,
        signup_date: iso(user.signupDate),
        last_login_at: iso(user.lastLoginAt),
        time_zone: user.timeZone,
        voice_notes_from_members_written_to: user.voiceNotes,
      },
      profile: {
        id: profile.id,
        name: profile.name,
        gender: profile.gender,
        sexuality: profile.sexuality,
        date_of_birth: profile.birthDate,
        country: profile.country,
        city: profile.city,
        about: profile.about,
        hair_color: profile.hairColor,
        eye_color: profile.eyeColor,
        body_type: profile.bodyType,
        relationship_status: profile.relationshipStatus,
        tattoos: profile.tattoos,
        invisible: profile.invisible,
        interests: data.interests,
      },
      photos: data.photos.map((p) => ({ file: `photos/${path.basename(p.filename)}`, status: p.status })),
      voice_prompt: data.voicePrompt
        ? {
            prompt: data.voicePrompt.prompt,
            file: `voice-prompt/${path.basename(data.voicePrompt.filename)}`,
            seconds: data.voicePrompt.seconds,
            status: data.voicePrompt.status,
            recorded_at: data.voicePrompt.createdAt.toISOString(),
          }
        : null,
    },
    'messages.json': data.messages.map((m) => ({
      conversation: m.conversation,
      with: m.partnerName,
      direction: m.sender === me ? 'sent' : 'received',
      kind: m.kind,
      text: m.body,
      gift: m.gift,
      // A file sent (a photo, a voice note) is in the zip, in its kind's folder; one received is the other's.
      file: m.file ? (m.sender === me ? chatFile(m.kind, m.file) : '(received: not included)') : null,
      at: iso(m.createdAt),
    })),
    'likes.json': data.likes.map((l) => ({
      direction: l.liker === me ? 'given' : 'received',
      member: l.name,
      at: iso(l.createdAt),
    })),
    'payments.json': data.payments.map((p) => ({
      id: p.id,
      status: p.status,
      amount: p.amount / 100,
      currency: p.currency,
      credits: p.credits,
      method: p.method,
      discount_code: p.discountCode,
      at: iso(p.createdAt),
    })),
    'ledger.json': data.ledger.map((l) => ({
      change: l.delta,
      balance: l.balanceAfter,
      reason: l.reason,
      at: iso(l.createdAt),
    })),
    'verification.json': {
      verified_face_kept_since: iso(data.verifiedAt),
      only_verified_members_may_start_a_conversation: user.verifiedContactOnly,
      checks: data.verifications.map((v) => ({
        outcome: v.status,
        reason: v.reason,
        started: iso(v.createdAt),
        decided: iso(v.decidedAt),
      })),
    },
    'sessions.json': data.sessions.map((s) => ({ started: iso(s.createdAt), ends: iso(s.expiresAt) })),
    'consents.json': {
      terms_version_accepted: iso(user.termsVersion),
      terms_accepted_at: iso(user.signupDate),
      notifications_disabled: user.notificationsDisabled,
      push_subscriptions: data.push.map((p) => ({ since: iso(p.createdAt) })),
      tracking_at_signup: user.tracking,
    },
  }
}

export type DataExportService = ReturnType<typeof createDataExportService>

/**
 * A member's data, all of it (GDPR access, ADR 16): asked from /profile or by support, prepared by a
 * job into a zip of JSON files and photos, offered by a mailed link for 7 days. The erasure after a
 * deletion's 14 days removes the files this service knows of (chat photos sent, exports).
 */
export function createDataExportService(
  db: Db,
  deps: {
    now: Clock
    sites: SitesService
    mail: MailService
    media: MediaStore
    /** Where the zips are kept: every node's (openPrivateStore), never served as they are. */
    files: MediaStore
    kick?: () => void
  },
) {
  const keyOf = (file: string) => `exports/${file}`

  async function read(store: MediaStore, key: string): Promise<Buffer | null> {
    const stored = await store.get(key).catch(() => null)
    return stored ? Buffer.concat(await stored.body.toArray()) : null
  }
  const readMedia = (key: string) => read(deps.media, key)

  async function buildZip(data: MemberData): Promise<Uint8Array> {
    const entries: Record<string, Uint8Array> = {}
    for (const [name, value] of Object.entries(exportFiles(data)))
      entries[name] = strToU8(JSON.stringify(value, null, 2))
    for (const photo of data.photos) {
      const bytes = await readMedia(photo.filename)
      if (bytes) entries[`photos/${path.basename(photo.filename)}`] = bytes
    }
    if (data.voicePrompt) {
      const bytes = await readMedia(data.voicePrompt.filename)
      if (bytes) entries[`voice-prompt/${path.basename(data.voicePrompt.filename)}`] = bytes
    }
    for (const m of data.messages) {
      if (!m.file || m.sender !== data.user.id) continue
      const bytes = await readMedia(m.file)
      if (bytes) entries[chatFile(m.kind, m.file)] = bytes
    }
    // Photos are compressed already: stored as they are.
    return zipSync(
      Object.fromEntries(
        Object.entries(entries).map(([name, bytes]) => [
          name,
          [bytes, { level: name.endsWith('.json') ? 6 : 0 }],
        ]),
      ),
    )
  }

  return {
    /** Asks for a member's export; one at a time. Support's request is audited with its reason. */
    async request(userId: number, by: { member: true } | { staff: Actor; reason: string }) {
      const at = deps.now()
      await db.transaction(async (tx) => {
        if (await hasPendingExport(tx, userId)) throw new AppError('exports.pending', 409)
        const id = await insertDataExport(tx, {
          userId,
          requestedBy: 'member' in by ? 'member' : `staff:${by.staff.staffId}`,
          createdAt: at,
        })
        if ('staff' in by)
          await recordAudit(tx, by.staff, at, {
            action: 'member.export',
            target: { type: 'member', id: userId },
            reason: by.reason,
            after: { export: id },
          })
      })
      deps.kick?.()
    },

    /** Prepares every waiting export (the job): zip, file, link, mail; one node per export. */
    async prepareWaiting(): Promise<number> {
      let prepared = 0
      for (;;) {
        const done = await db.transaction(async (tx) => {
          const job = await lockNextPendingExport(tx)
          if (!job) return false
          await prepare(tx, job.id, job.userId)
          return true
        })
        if (!done) break
        prepared++
      }
      if (prepared > 0) deps.mail.kick()
      return prepared
    },

    /** The zip behind a mailed link, while it works. */
    async download(token: string, userId: number | null): Promise<{ bytes: Buffer; filename: string }> {
      // The link alone is not enough (a forwarded mail, a shared screen): the member's session too.
      if (userId === null) throw new AppError('authentication_required', 401)
      const found = await selectReadyExport(db, hashToken(token))
      if (!found?.file || !found.expiresAt || found.expiresAt <= deps.now() || found.userId !== userId)
        throw new AppError('exports.link_invalid', 404)
      const bytes = await read(deps.files, keyOf(found.file))
      if (!bytes) throw new AppError('exports.link_invalid', 404)
      return { bytes, filename: `my-data-${found.createdAt.toISOString().slice(0, 10)}.zip` }
    },

    /** Removes the files of exports whose link expired (a scheduled job). */
    async forgetExpired(): Promise<number> {
      const rows = await selectExportsToRemove(db, deps.now())
      await deps.files.remove(rows.flatMap((row) => (row.file ? [keyOf(row.file)] : [])))
      await updateDataExportsExpired(
        db,
        rows.map((r) => r.id),
      )
      return rows.length
    },

    /** Removes an erased member's exports' files (given by filesToErase). */
    async removeExportFiles(keys: string[]): Promise<void> {
      await deps.files.remove(keys)
    },

    /** The files an erased member leaves besides their profile photos: chat photos sent (media keys), exports (keys of files). */
    async filesToErase(userId: number): Promise<{ media: string[]; exports: string[] }> {
      const [chat, exports] = await Promise.all([
        selectSentChatPhotos(db, userId),
        selectExportFilesOf(db, userId),
      ])
      return {
        media: chat.flatMap((c) => [c.file, c.thumb]).flatMap((f) => (f ? [f] : [])),
        exports: exports.flatMap((e) => (e.file ? [keyOf(e.file)] : [])),
      }
    },
  }

  async function prepare(tx: Executor, exportId: number, userId: number) {
    const at = deps.now()
    const data = await selectMemberData(tx, userId)
    if (!data) {
      await updateDataExport(tx, exportId, { status: 'expired' })
      return
    }
    const zip = await buildZip(data)
    const file = `${randomBytes(16).toString('hex')}.zip`
    await deps.files.put(keyOf(file), Buffer.from(zip), 'application/zip')
    const link = newToken()
    const expiresAt = shifted(at, EXPORT_LINK_DAYS * DAY_MS)
    await updateDataExport(tx, exportId, {
      status: 'ready',
      file,
      tokenHash: link.hash,
      readyAt: at,
      expiresAt,
    })
    const site = deps.sites.byId(data.user.siteId)
    const locale = localeOfLanguage(data.user.language)
    const t = translator(locale)
    await enqueueMail(tx, {
      siteId: site.id,
      to: data.user.email,
      ...renderMail(site, locale, {
        subject: t('mail.dataExport.subject', { name: site.settings.name }),
        greeting: t('mail.greeting', { name: data.profile.name }),
        paragraphs: [t('mail.dataExport.intro')],
        button: {
          label: t('mail.dataExport.button'),
          url: `${deps.sites.origin(site)}${api.downloadDataExport.path}?token=${link.token}`,
        },
        after: [t('mail.dataExport.expires', { count: EXPORT_LINK_DAYS }), t('mail.dataExport.notYou')],
      }),
    })
  }
}
