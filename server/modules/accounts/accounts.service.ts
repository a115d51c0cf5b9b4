import { api } from '#common/api.ts'
import { ACTIVATION_TOKEN_HOURS, AUTH_COOKIE_DAYS, type Locale } from '#common/constants.ts'
import type { PushSubscriptionInput, SignupInput, User } from '#common/schemas/accounts.ts'
import type { Db, Executor } from '#server/db/client.ts'
import { BATCH_LIMITS, createBatcher } from '#server/lib/batches.ts'
import { type Clock, DAY_MS, shifted } from '#server/lib/clock.ts'
import type { DeviceCookies } from '#server/lib/device-cookies.ts'
import { AppError } from '#server/lib/errors.ts'
import { loginGuard } from '#server/lib/login-throttles.ts'
import { DUMMY_HASH, verifyPassword } from '#server/lib/passwords.ts'
import type { SessionsEnded } from '#server/lib/sessions-ended.ts'
import { hashToken, newToken } from '#server/lib/tokens.ts'
import type { MailService } from '#server/modules/mail/mail.service.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'
import { activationMail } from './account-mails.ts'
import {
  activateUser,
  consumeEmailToken,
  countRecentTokens,
  deleteSession,
  insertSession,
  selectAccount,
  selectSessions,
  selectTokenAccount,
  selectUserByEmail,
  updateUser,
  upsertPushSubscription,
} from './accounts.queries.ts'
import { issueEmailLink, newEmailLinkToken } from './email-links.ts'
import type { SessionCache } from './session-cache.ts'
import { createAccount } from './signup.ts'
import { loadPageUser, loadUser } from './user-view.ts'

export type AccountsService = ReturnType<typeof createAccountsService>

/** Who sends a request: the member behind a valid session. */
export interface Member {
  userId: number
  siteId: number
}

/** Where a request comes from, for links in mails and login throttling. */
export interface RequestOrigin {
  site: Site
  locale: Locale
  origin: string
  ip: string
  /** The visitor's country: chosen, else found by GeoIP, else guessed from the browser's languages. */
  country: string | null
  /** Chosen or found by GeoIP only (no guess from the languages): what a sign-up trusts first. */
  detectedCountry: string | null
  network: string | null
  /** The browser's device cookie (ADR 13), as it came. */
  device: string | null
}

const ACTIVATION_MAILS_PER_DAY = 5

/** Sign up, activation, sessions: the accounts of members. */
export function createAccountsService(
  db: Db,
  deps: {
    mail: MailService
    now: Clock
    /** Where the sessions are read (Database.lane: connections no search waits on); else db. */
    lane?: Db
    /** How the session read runs again after a lost connection (Database.readAgain); else once only. */
    readAgain?: <T>(read: () => Promise<T>) => Promise<T>
    /** Told after a session ends: its sockets close on every node. */
    sessionsEnded: SessionsEnded
    /** Browsers that logged in before: their logins meet their own limit only (ADR 13). */
    devices: DeviceCookies
    /** Sessions this node answers from memory a moment (ADR 39); else each is read. */
    sessions?: SessionCache
  },
) {
  const { now } = deps
  const lane = deps.lane ?? db
  const readAgain = deps.readAgain ?? ((read) => read())
  const toUser = (userId: number, site: Site) => loadUser(db, userId, site)

  async function openSession(userId: number): Promise<string> {
    const { token, hash } = newToken()
    await insertSession(db, userId, hash, shifted(now(), AUTH_COOKIE_DAYS * DAY_MS))
    return token
  }

  // Every request asks for its session: those of one moment share one query (see createBatcher).
  const sessionOf = createBatcher(
    async (hashes: string[]) => {
      const unique = [...new Set(hashes)]
      // Once more when a failover cut its connection: the next goes to the new primary, or
      // meanwhile to a standby (ADR 39).
      const rows = await readAgain(() => selectSessions(lane, unique, now()))
      const found = new Map(rows.map((s) => [s.tokenHash, s]))
      return hashes.map((h) => found.get(h) ?? null)
    },
    { ...BATCH_LIMITS, name: 'sessions' },
  )

  return {
    /** The member as GET /api/user.php answers it. */
    getUser: toUser,

    /** The member as a page knows them: the user and the time zone their browser last reported. */
    getPageUser: (userId: number, site: Site) => loadPageUser(db, userId, site),

    /** The member behind a session token, or null when the token is unknown, expired or the account gone. */
    async memberForToken(token: string): Promise<Member | null> {
      const hash = hashToken(token)
      const kept = deps.sessions?.get(hash)
      if (kept) return kept
      const begun = deps.sessions?.begin() ?? 0
      const session = await sessionOf(hash)
      if (!session) return null
      const member = { userId: session.userId, siteId: session.siteId }
      deps.sessions?.keep(hash, member, begun)
      return member
    },

    /**
     * Creates an account (not confirmed until the mailed link is followed), its profile, the
     * signup credits through the ledger, the activation mail, and a session.
     */
    async signup(
      input: SignupInput,
      from: RequestOrigin,
    ): Promise<{ user: User; token: string; device: string }> {
      const userId = await createAccount(db, now, input, from)
      deps.mail.kick()
      const token = await openSession(userId)
      // The browser that made the account is its owner's (ADR 13: device cookies).
      return {
        user: await toUser(userId, from.site),
        token,
        device: deps.devices.issue('member', input.email),
      }
    },

    /**
     * Logs in with e-mail and password. Failures are counted per address, per e-mail address from
     * one client address, and per e-mail address from everywhere (ADR 13): an attacker is blocked
     * long before the owner, who logs in from their own address; known and unknown e-mail addresses
     * answer alike.
     */
    async login(
      email: string,
      password: string,
      from: RequestOrigin,
    ): Promise<{ user: User; token: string; device: string }> {
      const at = now()
      const device = deps.devices.trusted('member', email, from.device)
      const guard = loginGuard(db, now, email, from.ip, 'member', device)
      await guard.assertOpen()
      const existing = await selectUserByEmail(db, from.site.id, email)
      const valid = await verifyPassword(existing?.passwordHash ?? DUMMY_HASH, password)
      if (!existing || !valid || existing.status === 'deleted') {
        await guard.failed()
        throw new AppError('accounts.login_failed', 401)
      }
      // Told only to whoever knows the password (ADR 16).
      if (existing.status === 'banned') throw new AppError('accounts.banned', 403)
      if (existing.suspendedUntil && existing.suspendedUntil > at)
        throw new AppError('accounts.suspended', 403, {
          until: existing.suspendedUntil.toISOString().slice(0, 10),
        })
      if (existing.deletedAt) throw new AppError('accounts.pending_deletion', 409)
      await guard.succeeded()
      await updateUser(db, existing.id, { lastLoginAt: at })
      const token = await openSession(existing.id)
      return {
        user: await toUser(existing.id, from.site),
        token,
        device: deps.devices.issue('member', email),
      }
    },

    /** Ends the session of this token on the server. */
    async logout(member: Member, token: string): Promise<void> {
      await deleteSession(db, hashToken(token))
      deps.sessionsEnded({ member: member.userId })
    },

    /**
     * Follows an activation link: single use, within its validity. A link followed again for an
     * account that is active says so ('already') instead of failing.
     */
    async activate(token: string): Promise<'activated' | 'already' | 'invalid'> {
      return db.transaction(async (tx) => {
        const at = now()
        const hash = hashToken(token)
        const row = await consumeEmailToken(tx, hash, 'activation', at)
        if (!row) {
          const owner = await selectTokenAccount(tx, hash, 'activation')
          return owner?.status === 'active' ? 'already' : 'invalid'
        }
        await activateUser(tx, row.userId, at)
        return 'activated'
      })
    },

    /** A new activation link's token, in the caller's transaction (the sign-up reminders' mails). */
    activationToken: (tx: Executor, userId: number) =>
      newEmailLinkToken(tx, {
        userId,
        purpose: 'activation',
        at: now(),
        validForMs: ACTIVATION_TOKEN_HOURS * 3_600_000,
      }),

    /** Sends the activation mail again (at most 5 a day). */
    async resendActivation(member: Member, from: RequestOrigin): Promise<void> {
      const row = await selectAccount(db, member.userId)
      if (!row) throw new AppError('authentication_required', 403)
      if (row.user.status !== 'not_confirmed') throw new AppError('accounts.already_active', 409)
      if (
        (await countRecentTokens(db, member.userId, 'activation', shifted(now(), -DAY_MS))) >=
        ACTIVATION_MAILS_PER_DAY
      ) {
        throw new AppError('accounts.activation_limit', 429)
      }
      await db.transaction((tx) =>
        issueEmailLink(tx, {
          userId: member.userId,
          purpose: 'activation',
          at: now(),
          validForMs: ACTIVATION_TOKEN_HOURS * 3_600_000,
          mail: (token) =>
            activationMail(
              { site: from.site, locale: from.locale, to: row.user.email, name: row.profile.name },
              `${from.origin}${api.activate.path}?token=${token}`,
            ),
        }),
      )
      deps.mail.kick()
    },

    /** Keeps a browser's push subscription for the member (POST /api/user.php?push=1). */
    async savePushSubscription(member: Member, input: PushSubscriptionInput): Promise<void> {
      const { endpoint, keys } = input.subscription
      await upsertPushSubscription(db, member.userId, endpoint, keys.p256dh, keys.auth)
    },

    /** Saves the member's language and time zone (PUT /api/user.php). */
    async updateUser(
      member: Member,
      input: { language?: Locale; time_zone?: string },
      site: Site,
    ): Promise<User> {
      await updateUser(db, member.userId, { language: input.language, timeZone: input.time_zone })
      return toUser(member.userId, site)
    },
  }
}
