import disposableDomains from 'disposable-email-domains' with { type: 'json' }
import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { users } from '#server/db/schema/members.ts'
import { bans, memberSignals } from '#server/db/schema/moderation.ts'
import { DAY_MS, shifted } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'

/** Sign-ups from one address within a day that put all of them in the moderators' queue. */
const SIGNUP_BURST = 3

const disposable = new Set<string>(disposableDomains as string[])

/** The mail domain of an address, lower case. */
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase()

/** Whether an address belongs to a throwaway-mail service (the maintained disposable-email-domains list). */
function isDisposableEmail(email: string): boolean {
  const domain = domainOf(email)
  // A subdomain of a listed domain is throwaway too (x.mailinator.com).
  return domain
    .split('.')
    .some((_, i, parts) => i < parts.length - 1 && disposable.has(parts.slice(i).join('.')))
}

/**
 * Refuses a sign-up that a ban covers (ADR 16): its address, its mail domain or the client's
 * address range, on this site or on all; and, where the site asks for it, a throwaway address.
 */
export async function screenSignup(
  db: Executor,
  input: { siteId: number; email: string; ip: string; refuseDisposable: boolean },
): Promise<void> {
  const email = input.email.toLowerCase()
  const [ban] = await db
    .select({ id: bans.id })
    .from(bans)
    .where(
      and(
        or(isNull(bans.siteId), eq(bans.siteId, input.siteId)),
        or(
          and(eq(bans.kind, 'email'), eq(bans.value, email)),
          and(eq(bans.kind, 'domain'), eq(bans.value, domainOf(email))),
          // CASE keeps the cast to the address rows: PostgreSQL may evaluate an OR's parts in any order.
          sql`case when ${bans.kind} = 'ip' then ${input.ip}::inet <<= ${bans.value}::cidr else false end`,
        ),
      ),
    )
    .limit(1)
  if (ban) throw new AppError('accounts.banned', 403)
  if (input.refuseDisposable && isDisposableEmail(email)) throw new AppError('accounts.disposable_email', 400)
}

/**
 * Within the sign-up's transaction: when this address made SIGNUP_BURST accounts or more within a
 * day, each of them goes into the moderators' signals queue, once: an account a moderator has
 * already looked at for it does not come back with the address's next sign-up.
 */
export async function flagSignupBurst(tx: Executor, ip: string, at: Date): Promise<void> {
  const recent = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.signupIp, ip), gte(users.signupDate, shifted(at, -DAY_MS))))
  if (recent.length < SIGNUP_BURST) return
  const flagged = await tx
    .select({ id: memberSignals.userId })
    .from(memberSignals)
    .where(
      and(
        eq(memberSignals.kind, 'signup_burst'),
        inArray(
          memberSignals.userId,
          recent.map((u) => u.id),
        ),
      ),
    )
  const seen = new Set(flagged.map((f) => f.id))
  const fresh = recent.filter((u) => !seen.has(u.id))
  if (fresh.length === 0) return
  await tx
    .insert(memberSignals)
    .values(
      fresh.map((u) => ({
        userId: u.id,
        kind: 'signup_burst',
        detail: { ip, accounts: recent.length },
        createdAt: at,
      })),
    )
    .onConflictDoNothing()
}
