import { ACCOUNT_REACTIVATION_DAYS } from '#common/constants.ts'
import { localeOfLanguage } from '#common/locale.ts'
import type { ClosingRefund } from '#common/refunds.ts'
import type { Db, Executor } from '#server/db/client.ts'
import { type Clock, DAY_MS, shifted } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import type { MediaStore } from '#server/lib/media-store.ts'
import { verifyPassword } from '#server/lib/passwords.ts'
import type { SessionsEnded } from '#server/lib/sessions-ended.ts'
import { hashToken } from '#server/lib/tokens.ts'
import type { MailService } from '#server/modules/mail/mail.service.ts'
import { deletionMail, emailChangedMail, emailChangeMail, passwordResetMail } from './account-mails.ts'
import {
  consumeEmailToken,
  deleteUser,
  deleteUserSessions,
  markDeleted,
  restoreDeleted,
  selectExpiredDeletions,
  selectPhotoFiles,
  selectProfileName,
  selectUserByEmail,
  selectUserById,
  updateUser,
  voidEmailTokens,
} from './accounts.queries.ts'
import type { Member, RequestOrigin } from './accounts.service.ts'
import { issueEmailLink } from './email-links.ts'

export type AccountSettingsService = ReturnType<typeof createAccountSettingsService>

const EMAIL_CHANGE_HOURS = 24
/** How long the old address may undo a change of address. */
const EMAIL_CHANGE_UNDO_DAYS = 7
/** The password link sent with an undone change: as a reset's. */
const RESET_AFTER_UNDO_HOURS = 2

/** Someone signed up with that address in the meantime: the unique index refuses it. */
function takenAddress(error: unknown): never {
  if (String((error as { cause?: { code?: string } })?.cause?.code) === '23505')
    throw new AppError('accounts.email_taken', 409)
  throw error
}

/** Changing the e-mail address, deleting the account, undoing that, and erasing it after 14 days. */
export function createAccountSettingsService(
  db: Db,
  deps: {
    mail: MailService
    media: MediaStore
    now: Clock
    /** Told after sessions end (a deleted account): their sockets close on every node. */
    sessionsEnded: SessionsEnded
    /**
     * The refund of unused purchased credits that goes with a deletion (the payments module's
     * closing-refunds.service.ts): recorded in the deletion's transaction, paid after it.
     */
    closingRefunds: {
      record(
        tx: Executor,
        member: { userId: number; email: string; ip: string | null },
        at: Date,
      ): Promise<ClosingRefund>
      pay(refund: ClosingRefund): Promise<void>
    }
    /** The other files an erased account leaves (chat photos sent, data exports). */
    filesToErase?: (userId: number) => Promise<{ media: string[]; exports: string[] }>
    removeExportFiles?: (keys: string[]) => Promise<void>
  },
) {
  const { now } = deps
  const reactivationSince = () => shifted(now(), -ACCOUNT_REACTIVATION_DAYS * DAY_MS)
  async function checkedUser(member: Member, password: string) {
    const user = await selectUserById(db, member.userId)
    if (!user) throw new AppError('authentication_required', 403)
    if (!(await verifyPassword(user.passwordHash, password)))
      throw new AppError('accounts.old_password_wrong', 400)
    return user
  }

  return {
    /** Mails a confirmation link to the new address; nothing changes until it is followed. */
    async requestEmailChange(
      member: Member,
      email: string,
      password: string,
      from: RequestOrigin,
    ): Promise<void> {
      const user = await checkedUser(member, password)
      if (email === user.email.toLowerCase()) throw new AppError('accounts.email_same', 400)
      if (await selectUserByEmail(db, user.siteId, email)) throw new AppError('accounts.email_taken', 409)
      const name = await selectProfileName(db, user.id)
      await db.transaction((tx) =>
        issueEmailLink(tx, {
          userId: user.id,
          purpose: 'mail_change',
          validForMs: EMAIL_CHANGE_HOURS * 3_600_000,
          newEmail: email,
          replace: true,
          at: now(),
          mail: (token) =>
            emailChangeMail(
              { site: from.site, locale: localeOfLanguage(user.language), to: email, name },
              `${from.origin}/mail-change/do?token=${token}`,
            ),
        }),
      )
      deps.mail.kick()
    },

    /**
     * Follows the confirmation link: the new address becomes the login, and the old one is told,
     * with a link that undoes the change for 7 days.
     */
    async confirmEmailChange(token: string, from: RequestOrigin): Promise<void> {
      const at = now()
      await db
        .transaction(async (tx) => {
          const row = await consumeEmailToken(tx, hashToken(token), 'mail_change', at)
          if (!row?.newEmail) throw new AppError('accounts.link_invalid', 400)
          const user = await selectUserById(tx, row.userId)
          if (!user) throw new AppError('accounts.link_invalid', 400)
          await updateUser(tx, row.userId, { email: row.newEmail })
          const name = await selectProfileName(tx, user.id)
          const newEmail = row.newEmail
          await issueEmailLink(tx, {
            userId: user.id,
            purpose: 'mail_change_undo',
            validForMs: EMAIL_CHANGE_UNDO_DAYS * DAY_MS,
            newEmail: user.email,
            replace: true,
            at,
            mail: (undo) =>
              emailChangedMail(
                { site: from.site, locale: localeOfLanguage(user.language), to: user.email, name },
                newEmail,
                `${from.origin}/mail-change/undo?token=${undo}`,
              ),
          })
        })
        .catch(takenAddress)
      deps.mail.kick()
    },

    /**
     * Follows the old address's undo link: the address comes back, every session ends (whoever
     * changed it is logged out), a pending change is void, and a link to choose a new password goes
     * to the address taken back.
     */
    async undoEmailChange(token: string, from: RequestOrigin): Promise<void> {
      const at = now()
      const userId = await db
        .transaction(async (tx) => {
          const row = await consumeEmailToken(tx, hashToken(token), 'mail_change_undo', at)
          if (!row?.newEmail) throw new AppError('accounts.link_invalid', 400)
          const user = await selectUserById(tx, row.userId)
          if (!user) throw new AppError('accounts.link_invalid', 400)
          const oldEmail = row.newEmail
          await updateUser(tx, user.id, { email: oldEmail })
          await deleteUserSessions(tx, user.id)
          await voidEmailTokens(tx, user.id, 'mail_change', at)
          const name = await selectProfileName(tx, user.id)
          await issueEmailLink(tx, {
            userId: user.id,
            purpose: 'password_reset',
            validForMs: RESET_AFTER_UNDO_HOURS * 3_600_000,
            replace: true,
            at,
            mail: (reset) =>
              passwordResetMail(
                { site: from.site, locale: localeOfLanguage(user.language), to: oldEmail, name },
                `${from.origin}/reset-password/do?token=${reset}`,
              ),
          })
          return user.id
        })
        .catch(takenAddress)
      deps.sessionsEnded({ member: userId })
      deps.mail.kick()
    },

    /**
     * Deletes the account (undone through the mailed link for 14 days) and, unless the member
     * declined, refunds their unused purchased credits with it in the same transaction (ADR 32);
     * the mail says what was refunded. The provider pays it back once the deletion is committed.
     */
    async deleteAccount(
      member: Member,
      input: { reason: string; remarks?: string; password: string; refund?: boolean },
      from: RequestOrigin,
    ): Promise<void> {
      const user = await checkedUser(member, input.password)
      const name = await selectProfileName(db, user.id)
      const at = now()
      const refund = await db.transaction(async (tx) => {
        await markDeleted(tx, user.id, input.reason, input.remarks ?? null, at)
        await deleteUserSessions(tx, user.id)
        const refunded =
          input.refund === false
            ? null
            : await deps.closingRefunds.record(tx, { userId: user.id, email: user.email, ip: from.ip }, at)
        await issueEmailLink(tx, {
          userId: user.id,
          purpose: 'restore',
          at,
          validForMs: ACCOUNT_REACTIVATION_DAYS * DAY_MS,
          mail: (token) =>
            deletionMail(
              { site: from.site, locale: localeOfLanguage(user.language), to: user.email, name },
              `${from.origin}/account-deleted?token=${token}`,
              refunded,
            ),
        })
        return refunded
      })
      deps.sessionsEnded({ member: user.id })
      deps.mail.kick()
      if (refund) await deps.closingRefunds.pay(refund)
    },

    /** Undoes a deletion with the mailed link, within 14 days. */
    async restoreAccount(token: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await consumeEmailToken(tx, hashToken(token), 'restore', now())
        if (!row || !(await restoreDeleted(tx, row.userId, reactivationSince()))) {
          throw new AppError('accounts.link_invalid', 400)
        }
      })
    },

    /** Erases, for good, the accounts deleted more than 14 days ago: data, photos and their files. */
    async purgeExpiredDeletions(): Promise<number> {
      let purged = 0
      for (;;) {
        const batch = await selectExpiredDeletions(db, reactivationSince(), 100)
        if (batch.length === 0) return purged
        for (const { id } of batch) {
          const files = await selectPhotoFiles(db, id)
          // Chat photos they sent and their data exports go too (ADR 16).
          const more = await deps.filesToErase?.(id)
          // Their messages' text and every row of theirs go with the account (foreign keys cascade).
          await deleteUser(db, id)
          // Demo portraits are shared between demo members; uploaded photos belong to one member.
          const photos = files
            .flatMap((f) => [f.filename, f.thumb])
            .filter((file) => !file.startsWith('demo/'))
          await deps.media.remove([...photos, ...(more?.media ?? [])])
          await deps.removeExportFiles?.(more?.exports ?? [])
          purged++
        }
      }
    },
  }
}
