import { localeOfLanguage } from '#common/locale.ts'
import type { Db } from '#server/db/client.ts'
import { type Clock, DAY_MS, shifted } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { hashPassword, isCommonPassword, verifyPassword } from '#server/lib/passwords.ts'
import type { SessionsEnded } from '#server/lib/sessions-ended.ts'
import { hashToken } from '#server/lib/tokens.ts'
import type { MailService } from '#server/modules/mail/mail.service.ts'
import { passwordResetMail } from './account-mails.ts'
import {
  consumeEmailToken,
  countRecentTokens,
  deleteUserSessions,
  selectProfileName,
  selectUserByEmail,
  selectUserById,
  updateUser,
} from './accounts.queries.ts'
import type { Member, RequestOrigin } from './accounts.service.ts'
import { issueEmailLink } from './email-links.ts'

const RESET_TOKEN_HOURS = 2
const RESET_MAILS_PER_DAY = 3
/** Reset requests waiting on one node at most; the per-address limit keeps far below it. */
const MAX_PENDING_RESETS = 1000

/** Password reset by mail and password change in the settings. */
export function createPasswordService(
  db: Db,
  deps: { mail: MailService; now: Clock; sessionsEnded: SessionsEnded; onError: (error: unknown) => void },
) {
  const { now } = deps
  async function setPassword(userId: number, password: string) {
    if (isCommonPassword(password)) throw new AppError('accounts.password_common', 400)
    await updateUser(db, userId, { passwordHash: await hashPassword(password) })
  }

  let queue: Promise<void> = Promise.resolve()
  let pending = 0

  /** Mails a single-use link (valid 2 hours) to an address with an account, at most 3 a day. */
  async function mailResetLink(email: string, from: RequestOrigin) {
    const user = await selectUserByEmail(db, from.site.id, email)
    if (!user || user.status === 'banned' || user.status === 'deleted') return
    if (
      (await countRecentTokens(db, user.id, 'password_reset', shifted(now(), -DAY_MS))) >= RESET_MAILS_PER_DAY
    )
      return
    const name = await selectProfileName(db, user.id)
    const locale = localeOfLanguage(user.language)
    await db.transaction((tx) =>
      issueEmailLink(tx, {
        userId: user.id,
        purpose: 'password_reset',
        validForMs: RESET_TOKEN_HOURS * 3_600_000,
        replace: true,
        at: now(),
        mail: (token) =>
          passwordResetMail(
            { site: from.site, locale, to: user.email, name },
            `${from.origin}/reset-password/do?token=${token}`,
          ),
      }),
    )
    deps.mail.kick()
  }

  return {
    /**
     * Asks for a link to choose a new password: answered at once, the same for every address, the
     * work done after the answer (requests one after the other on this node). So the answer and its
     * time say nothing of whether an account uses the address (issue 36, point 7; ADR 13).
     */
    requestReset(email: string, from: RequestOrigin): void {
      if (pending >= MAX_PENDING_RESETS) {
        deps.onError(new Error('password reset requests: too many waiting, one dropped'))
        return
      }
      pending++
      queue = queue
        .then(() => mailResetLink(email, from))
        .catch(deps.onError)
        .finally(() => pending--)
    },

    /** Resolves when the reset requests taken so far are handled (tests; a node that stops). */
    idle(): Promise<void> {
      return queue
    },

    /** Sets a new password with a reset link's token; every session of the member ends. */
    async reset(token: string, password: string): Promise<void> {
      if (isCommonPassword(password)) throw new AppError('accounts.password_common', 400)
      const passwordHash = await hashPassword(password)
      const userId = await db.transaction(async (tx) => {
        const row = await consumeEmailToken(tx, hashToken(token), 'password_reset', now())
        if (!row) throw new AppError('accounts.link_invalid', 400)
        await updateUser(tx, row.userId, { passwordHash })
        await deleteUserSessions(tx, row.userId)
        return row.userId
      })
      deps.sessionsEnded({ member: userId })
    },

    /** Changes the password after checking the old one; the member's other sessions end. */
    async change(
      member: Member,
      oldPassword: string,
      password: string,
      currentToken: string | null,
    ): Promise<void> {
      const user = await selectUserById(db, member.userId)
      if (!user || !(await verifyPassword(user.passwordHash, oldPassword)))
        throw new AppError('accounts.old_password_wrong', 400)
      await setPassword(member.userId, password)
      await deleteUserSessions(db, member.userId, currentToken ? hashToken(currentToken) : null)
      deps.sessionsEnded({ member: member.userId })
    },
  }
}
