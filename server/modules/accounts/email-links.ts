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
  opts: LinkOptions & { mail: (token: string) => OutgoingMail },
): Promise<void> {
  await enqueueMail(tx, opts.mail(await newEmailLinkToken(tx, opts)))
}

interface LinkOptions {
  userId: number
  purpose: 'activation' | 'password_reset' | 'mail_change' | 'mail_change_undo' | 'restore'
  validForMs: number
  newEmail?: string
  replace?: boolean
  /** Now, from the service's clock. */
  at: Date
}

/** Within the caller's transaction: a new single-use link token (only its hash stored), for a mail. */
export async function newEmailLinkToken(tx: Executor, opts: LinkOptions): Promise<string> {
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
  return link.token
}
