import type { Executor } from '#server/db/client.ts'
import { shifted } from '#server/lib/clock.ts'
import { newToken } from '#server/lib/tokens.ts'
import { enqueueMail, type OutgoingMail } from '#server/modules/mail/mail.service.ts'
import { insertEmailToken, voidEmailTokens } from './accounts.queries.ts'

/**
 * Within the caller's transaction: a new single-use link token (only its hash stored), and the mail
 * that carries it. With `replace`, earlier unused links of the same purpose stop working.
 */
export async function issueEmailLink(
  tx: Executor,
  opts: {
    userId: number
    purpose: 'activation' | 'password_reset' | 'mail_change' | 'restore'
    validForMs: number
    newEmail?: string
    replace?: boolean
    mail: (token: string) => OutgoingMail
    /** Now, from the service's clock. */
    at: Date
  },
): Promise<void> {
  const link = newToken()
  if (opts.replace) await voidEmailTokens(tx, opts.userId, opts.purpose, opts.at)
  await insertEmailToken(tx, {
    userId: opts.userId,
    purpose: opts.purpose,
    tokenHash: link.hash,
    newEmail: opts.newEmail,
    createdAt: opts.at,
    expiresAt: shifted(opts.at, opts.validForMs),
  })
  await enqueueMail(tx, opts.mail(link.token))
}
