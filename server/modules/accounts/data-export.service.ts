import { randomBytes } from 'node:crypto'
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
import { exportFiles, exportMedia, type MemberData } from './data-export-files.ts'

/** How long the mailed link to an export works. */
const EXPORT_LINK_DAYS = 7

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
    for (const { key, name } of exportMedia(data)) {
      const bytes = await readMedia(key)
      if (bytes) entries[name] = bytes
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
