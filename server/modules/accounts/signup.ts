// A member's sign-up: the checks (sign-ups open, a password not among the common ones, no ban, the
// screening of address and mail domain, an address not taken), then in one transaction the account,
// its profile, the sign-up credits through the ledger, the burst signal and the activation mail.
import { api } from '#common/api.ts'
import { ACTIVATION_TOKEN_HOURS } from '#common/constants.ts'
import type { SignupInput, Tracking } from '#common/schemas/accounts.ts'
import { signupsOpen } from '#common/signup-policy.ts'
import { termsVersionDate } from '#common/terms-date.ts'
import { countryOfTimeZone } from '#common/time-zone-country.ts'
import type { Db } from '#server/db/client.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { memberNameProblem } from '#server/lib/member-names.ts'
import { hashPassword, isCommonPassword } from '#server/lib/passwords.ts'
import { changeCredits } from '#server/modules/credits/credits.service.ts'
import { activationMail } from './account-mails.ts'
import { insertProfile, insertUser, selectUserByEmail } from './accounts.queries.ts'
import type { RequestOrigin } from './accounts.service.ts'
import { issueEmailLink } from './email-links.ts'
import { flagSignupBurst, screenSignup } from './signup-screening.ts'

/** Creates the account (not confirmed until the mailed link is followed); answers its user id. */
export async function createAccount(
  db: Db,
  now: Clock,
  input: SignupInput,
  from: RequestOrigin,
): Promise<number> {
  const tracking: Tracking = {
    network: input.network,
    ref: input.ref,
    sub1: input.sub1,
    sub2: input.sub2,
    sub3: input.sub3,
  }
  if (!signupsOpen(from.site.settings.signups, tracking.network ?? from.network))
    throw new AppError('accounts.signup_closed', 403)
  if (isCommonPassword(input.password)) throw new AppError('accounts.password_common', 400)
  // The schema refuses the staff's words; the site's own name, the letters that only look like
  // them, and the site's marks are the server's to know (ADR 13, round 4).
  const nameRefused = memberNameProblem(input.name, from.site.settings)
  if (nameRefused === 'name_reserved') throw new AppError('accounts.name_reserved', 400)
  if (nameRefused === 'name_site_mark')
    throw new AppError('accounts.name_site_mark', 400, { mark: from.site.settings.fictional_icon })
  const existing = await selectUserByEmail(db, from.site.id, input.email)
  if (existing?.status === 'banned') throw new AppError('accounts.banned', 403)
  await screenSignup(db, {
    siteId: from.site.id,
    email: input.email,
    ip: from.ip,
    refuseDisposable: from.site.settings.refuse_disposable_email,
  })
  if (existing?.deletedAt) throw new AppError('accounts.pending_deletion', 409)
  if (existing) throw new AppError('accounts.email_exists', 409)
  const passwordHash = await hashPassword(input.password)
  const settings = from.site.settings
  // Issue 56: where the member is (chosen, GeoIP, else the browser's time zone), not the language
  // their browser speaks; the languages' guess only when nothing else tells.
  const country =
    [from.detectedCountry, countryOfTimeZone(input.time_zone), from.country].find(
      (c) => c && settings.countries.includes(c),
    ) ?? settings.countries[0]
  const storedTracking = Object.fromEntries(
    Object.entries({ ...tracking, network: tracking.network ?? from.network ?? undefined }).filter(
      ([, v]) => v,
    ),
  )
  return db
    .transaction(async (tx) => {
      const user = await insertUser(tx, {
        siteId: from.site.id,
        email: input.email,
        passwordHash,
        status: 'not_confirmed',
        signupDate: now(),
        signupIp: from.ip,
        language: from.locale,
        termsVersion: termsVersionDate(from.site.company.added),
        tracking: Object.keys(storedTracking).length > 0 ? (storedTracking as Record<string, string>) : null,
      })
      await insertProfile(tx, {
        userId: user.id,
        name: input.name,
        gender: input.gender,
        sexuality: input.sexuality ?? null,
        birthDate: input.date_of_birth,
        country,
        about: input.signup_message ?? null,
        aboutLanguage: input.signup_message ? from.locale : null,
        status: 'disabled',
      })
      if (settings.signup_credits > 0) {
        await changeCredits(tx, {
          userId: user.id,
          delta: settings.signup_credits,
          reason: 'signup',
          reference: 'signup',
        })
      }
      await flagSignupBurst(tx, from.ip, now())
      await issueEmailLink(tx, {
        userId: user.id,
        purpose: 'activation',
        at: now(),
        validForMs: ACTIVATION_TOKEN_HOURS * 3_600_000,
        mail: (token) =>
          activationMail(
            { site: from.site, locale: from.locale, to: input.email, name: input.name },
            `${from.origin}${api.activate.path}?token=${token}`,
          ),
      })
      return user.id
    })
    .catch((error: unknown) => {
      // Two sign-ups with one address at the same moment: the unique index decides.
      if (
        String(
          (error as { cause?: { code?: string } })?.cause?.code ?? (error as { code?: string })?.code,
        ) === '23505'
      ) {
        throw new AppError('accounts.email_exists', 409)
      }
      throw error
    })
}
