import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { cellKey, cellOf } from '#common/geo-grid.ts'
import type { Db } from '#server/db/client.ts'
import { placeColumns } from '#server/db/places.ts'
import { photos, profiles, users } from '#server/db/schema/members.ts'

export interface MemberOverrides {
  name?: string
  gender?: string
  birthDate?: string
  country?: string
  city?: string | null
  userStatus?: string
  profileStatus?: string
  invisible?: boolean
  fictional?: boolean
  photoStatus?: 'pending' | 'active' | 'rejected' | null
  siteId?: number
  regionId?: number | null
  lastActiveAt?: Date
  hidden?: boolean
  /** A point the member is at: kept as its grid cell only, as the site keeps a town (ADR 26). */
  at?: { lat: number; lon: number }
}

/** Writes a real member (user, profile and, unless photoStatus is null, a main photo). */
export async function buildMember(db: Db, overrides: MemberOverrides = {}) {
  const [user] = await db
    .insert(users)
    .values({
      siteId: overrides.siteId ?? 1,
      email: `member-${randomBytes(6).toString('hex')}@example.com`,
      status: overrides.userStatus ?? 'active',
    })
    .returning()
  const [profile] = await db
    .insert(profiles)
    .values({
      userId: user.id,
      name: overrides.name ?? 'Sophie',
      gender: overrides.gender ?? 'female',
      birthDate: overrides.birthDate ?? '1994-06-15',
      country: overrides.country ?? 'NL',
      city: overrides.city === undefined ? 'Utrecht' : overrides.city,
      status: overrides.profileStatus ?? 'active',
      invisible: overrides.invisible ?? false,
      fictional: overrides.fictional ?? false,
      hidden: overrides.hidden ?? false,
      regionId: overrides.regionId ?? null,
      ...(overrides.lastActiveAt ? { lastActiveAt: overrides.lastActiveAt } : {}),
      ...(overrides.at ? placeColumns(cellKey(cellOf(overrides.at.lat, overrides.at.lon))) : {}),
    })
    .returning()
  if (overrides.photoStatus !== null) {
    const [photo] = await db
      .insert(photos)
      .values({
        profileId: profile.id,
        filename: `test/${profile.id}.webp`,
        thumbFilename: `test/${profile.id}-thumb.webp`,
        status: overrides.photoStatus ?? 'active',
      })
      .returning()
    await db.update(profiles).set({ mainPhotoId: photo.id }).where(eq(profiles.id, profile.id))
  }
  return { user, profile }
}
