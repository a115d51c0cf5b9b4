import { creditValue } from '#common/credit-value.ts'
import type { User } from '#common/schemas/accounts.ts'
import type { Db } from '#server/db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { mediaUrl } from '#server/lib/media-url.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'
import { selectAccount } from './accounts.queries.ts'

/** The member as GET /api/user.php answers it (spec section 3, User). */
export async function loadUser(db: Db, userId: number, site: Site): Promise<User> {
  return (await loadPageUser(db, userId, site)).user
}

/**
 * The member as a page knows them: as the API answers, and the time zone their browser last
 * reported (null until it has), in which a page shows times (common/chat-times.ts).
 */
export async function loadPageUser(
  db: Db,
  userId: number,
  site: Site,
): Promise<{ user: User; timeZone: string | null }> {
  const row = await selectAccount(db, userId)
  if (!row) throw new AppError('authentication_required', 403)
  const { user, profile, photo, lastPaid } = row
  const cdn = site.settings.cdn_prefix
  const view: User = {
    id: user.id,
    email: user.email,
    status: user.status === 'active' ? 'active' : 'not_confirmed',
    credits: user.credits,
    paid_user: user.paidUser,
    notifications_disabled: user.notificationsDisabled,
    language: user.language,
    fictional_icon: site.settings.fictional_icon,
    signup_date: user.signupDate.toISOString(),
    credit_value: creditValue(lastPaid, site.bundles, profile.country),
    profile: {
      id: profile.id,
      name: profile.name,
      country: profile.country,
      status: profile.status,
      main_image: photo
        ? {
            filename: mediaUrl(cdn, photo.filename),
            thumb_filename: mediaUrl(cdn, photo.thumbFilename),
            status: photo.status as 'pending' | 'active' | 'rejected',
            match: mediaUrl(cdn, photo.thumbFilename),
          }
        : null,
    },
  }
  return { user: view, timeZone: user.timeZone }
}
