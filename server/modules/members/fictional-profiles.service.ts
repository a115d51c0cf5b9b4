import { randomUUID } from 'node:crypto'
import { and, asc, count, eq, sql } from 'drizzle-orm'
import { localeOfLanguage } from '#common/locale.ts'
import { ageOn } from '#common/schemas/accounts.ts'
import type { FictionalProfileInput, FictionalProfileUpdate } from '#common/schemas/operators.ts'
import type { Db, Executor } from '#server/db/client.ts'
import { placeOf, type TownCells } from '#server/db/places.ts'
import { selectNextMain, setMainPhoto } from '#server/db/profile-photos.ts'
import { photos, profiles, users } from '#server/db/schema/members.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { storeImage } from '#server/lib/images.ts'
import type { MediaStore } from '#server/lib/media-store.ts'
import { mediaUrl } from '#server/lib/media-url.ts'
import { type Actor, recordAudit } from '#server/modules/audit/audit.service.ts'
import type { SitesService } from '#server/modules/sites/sites.service.ts'
import {
  existingInterestIds,
  regionInCountry,
  replaceProfileInterests,
  updateProfileRow,
} from './profile.queries.ts'
import type { ProfileService } from './profile.service.ts'

/** The most photos a fictional profile holds (a Premium member's number). */
const PHOTO_LIMIT = 25

type Fields = Omit<FictionalProfileUpdate, 'profile'>

export type FictionalProfilesService = ReturnType<typeof createFictionalProfilesService>

/**
 * Fictional profiles (issue 16, ADR 17): operators and admins make and edit them per site, with
 * photos through the members' image pipeline. The fictional flag is set at creation and no call
 * changes it, so the disclosure members see stays; every change is audited.
 */
export function createFictionalProfilesService(
  db: Db,
  deps: { now: Clock; sites: SitesService; profiles: ProfileService; media: MediaStore; towns: TownCells },
) {
  const siteOf = deps.sites.byId

  async function fictional(tx: Executor, profileId: number) {
    const [row] = await tx
      .select({ profile: profiles, siteId: users.siteId })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(and(eq(profiles.id, profileId), eq(profiles.fictional, true)))
      .for('update', { of: profiles })
    if (!row) throw new AppError('fictional.not_found', 404)
    return row
  }

  /**
   * The profile's fields as the table holds them, after the same checks members' edits get; a new
   * country, region or town moves its place on the grid (ADR 26).
   */
  async function columns(
    tx: Executor,
    input: Fields,
    country: string,
    current: { regionId: number | null; city: string | null } = { regionId: null, city: null },
  ) {
    if (input.region_id && !(await regionInCountry(tx, input.region_id, country)))
      throw new AppError('profile.region_invalid', 400)
    if (
      input.interests &&
      (await existingInterestIds(tx, input.interests)).length !== new Set(input.interests).size
    )
      throw new AppError('profile.interest_invalid', 400)
    return {
      ...(input.name ? { name: input.name } : {}),
      ...(input.date_of_birth ? { birthDate: input.date_of_birth } : {}),
      ...(input.gender ? { gender: input.gender } : {}),
      ...(input.sexuality ? { sexuality: input.sexuality } : {}),
      ...(input.hair_color !== undefined ? { hairColor: input.hair_color } : {}),
      ...(input.eye_color !== undefined ? { eyeColor: input.eye_color } : {}),
      ...(input.body_type !== undefined ? { bodyType: input.body_type } : {}),
      ...(input.relationship_status !== undefined ? { relationshipStatus: input.relationship_status } : {}),
      ...(input.tattoos !== undefined ? { tattoos: input.tattoos } : {}),
      ...(input.country ? { country: input.country } : {}),
      ...(input.region_id !== undefined ? { regionId: input.region_id } : {}),
      ...(input.city !== undefined ? { city: input.city || null } : {}),
      ...(input.about !== undefined ? { about: input.about || null, aboutTranslations: null } : {}),
      ...(input.country || input.region_id !== undefined || input.city !== undefined
        ? await placeOf(tx, deps.towns, {
            country,
            regionId: input.region_id !== undefined ? input.region_id : current.regionId,
            city: input.city !== undefined ? input.city || null : current.city,
          })
        : {}),
    }
  }

  return {
    /** Every fictional profile, per site, by name. */
    async list() {
      const at = deps.now()
      const rows = await db
        .select({
          id: profiles.id,
          siteId: users.siteId,
          name: profiles.name,
          birthDate: profiles.birthDate,
          gender: profiles.gender,
          country: profiles.country,
          thumb: photos.thumbFilename,
          photoCount: sql<number>`(select count(*)::int from ${photos} p where p.profile_id = ${profiles.id})`,
        })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
        .where(eq(profiles.fictional, true))
        .orderBy(asc(users.siteId), asc(profiles.name))
        .limit(1000)
      return {
        profiles: rows.map((r) => {
          const site = siteOf(r.siteId)
          return {
            profile_id: r.id,
            site: site.settings.name,
            name: r.name,
            age: ageOn(r.birthDate, at),
            gender: r.gender,
            country: r.country,
            thumb_url: r.thumb ? mediaUrl(site.settings.cdn_prefix, r.thumb) : null,
            photos: Number(r.photoCount),
          }
        }),
      }
    },

    /** A fictional profile as the editor shows it (the members' own-profile view). */
    async get(profileId: number) {
      const row = await fictional(db, profileId)
      const site = siteOf(row.siteId)
      return {
        profile: {
          ...(await deps.profiles.getOwn(row.profile.userId, site.settings.cdn_prefix)),
          site: site.id,
        },
      }
    },

    /** Makes a fictional profile on a site: an account nobody logs in to, and its profile. */
    async create(input: FictionalProfileInput, actor: Actor) {
      const site = deps.sites.list().find((s) => s.id === input.site)
      if (!site) throw new AppError('fictional.site_invalid', 400)
      if (!site.settings.countries.includes(input.country))
        throw new AppError('profile.country_not_served', 400)
      const at = deps.now()
      const profileId = await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            siteId: site.id,
            // Never mailed, never logged in to (no password).
            email: `fictional-${randomUUID()}@fictional.invalid`,
            status: 'active',
            language: localeOfLanguage(site.settings.domain_language),
            signupDate: at,
          })
          .returning({ id: users.id })
        const values = await columns(tx, input, input.country)
        const [created] = await tx
          .insert(profiles)
          .values({
            userId: user.id,
            name: input.name,
            gender: input.gender,
            birthDate: input.date_of_birth,
            country: input.country,
            ...values,
            fictional: true,
            status: 'active',
            lastActiveAt: at,
          })
          .returning({ id: profiles.id })
        if (input.interests) await replaceProfileInterests(tx, created.id, [...new Set(input.interests)])
        await recordAudit(tx, actor, at, {
          action: 'fictional.create',
          target: { type: 'profile', id: created.id },
          after: { site: site.id, name: input.name },
        })
        return created.id
      })
      return this.get(profileId)
    },

    /** Edits a fictional profile; its fictional flag stays. */
    async update(input: FictionalProfileUpdate, actor: Actor) {
      const { profile: profileId, ...fields } = input
      await db.transaction(async (tx) => {
        const row = await fictional(tx, profileId)
        const country = fields.country ?? row.profile.country
        if (fields.country && !siteOf(row.siteId).settings.countries.includes(fields.country))
          throw new AppError('profile.country_not_served', 400)
        await updateProfileRow(tx, profileId, await columns(tx, fields, country, row.profile))
        if (fields.interests) await replaceProfileInterests(tx, profileId, [...new Set(fields.interests)])
        await recordAudit(tx, actor, deps.now(), {
          action: 'fictional.update',
          target: { type: 'profile', id: profileId },
          before: { name: row.profile.name, about: row.profile.about },
          after: fields,
        })
      })
      return this.get(profileId)
    },

    /** Adds a photo through the image pipeline; shown at once (staff made it), the first one main. */
    async addPhoto(profileId: number, file: Buffer, actor: Actor) {
      const stored = await storeImage(file, deps.media, 'u', deps.now())
      try {
        await db.transaction(async (tx) => {
          const row = await fictional(tx, profileId)
          const [{ n }] = await tx.select({ n: count() }).from(photos).where(eq(photos.profileId, profileId))
          if (Number(n) >= PHOTO_LIMIT)
            throw new AppError('photos.limit_reached', 403, { count: PHOTO_LIMIT })
          const at = deps.now()
          const [photo] = await tx
            .insert(photos)
            .values({
              profileId,
              filename: stored.filename,
              thumbFilename: stored.thumbFilename,
              status: 'active',
              position: Number(n),
              reviewedAt: at,
              phash: stored.phash,
            })
            .returning({ id: photos.id })
          if (!row.profile.mainPhotoId) await setMainPhoto(tx, profileId, photo.id)
          await recordAudit(tx, actor, at, {
            action: 'fictional.photo_add',
            target: { type: 'profile', id: profileId },
            after: { photo: photo.id },
          })
        })
      } catch (error) {
        await deps.media.remove([stored.filename, stored.thumbFilename])
        throw error
      }
      return this.get(profileId)
    },

    /** Removes a photo of a fictional profile (the next one becomes main). */
    async removePhoto(photoId: number, actor: Actor) {
      const removed = await db.transaction(async (tx) => {
        const [photo] = await tx.select().from(photos).where(eq(photos.id, photoId))
        if (!photo) throw new AppError('photos.not_found', 404)
        const row = await fictional(tx, photo.profileId)
        await tx.delete(photos).where(eq(photos.id, photoId))
        if (row.profile.mainPhotoId === photoId)
          await setMainPhoto(tx, photo.profileId, await selectNextMain(tx, photo.profileId))
        await recordAudit(tx, actor, deps.now(), {
          action: 'fictional.photo_remove',
          target: { type: 'profile', id: photo.profileId },
          before: { photo: photoId },
        })
        return photo
      })
      await deps.media.remove([removed.filename, removed.thumbFilename])
      return this.get(removed.profileId)
    },
  }
}
