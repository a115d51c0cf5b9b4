import { agesSought, gendersSought, seekingOf } from '#common/matching.ts'
import { ageOn } from '#common/schemas/accounts.ts'
import type { OwnProfile, ProfileUpdateInput } from '#common/schemas/members.ts'
import type { Db } from '#server/db/client.ts'
import { placeOf, type TownCells } from '#server/db/places.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { mediaUrl } from '#server/lib/media-url.ts'
import { memberNameProblem } from '#server/lib/member-names.ts'
import {
  existingInterestIds,
  regionInCountry,
  replaceProfileInterests,
  selectOwnProfile,
  selectProfileInterestIds,
  selectProfilePhotos,
  selectUserEmail,
  updateContactChoices,
  updateProfileRow,
} from './profile.queries.ts'

export type ProfileService = ReturnType<typeof createProfileService>

/** A member's own profile: reading it with every photo, and editing it. */
export function createProfileService(db: Db, deps: { now: Clock; towns: TownCells }) {
  /** The ages the member looks for, as the profile answers them. */
  function seekAges(profile: { birthDate: string; seekMinAge: number | null; seekMaxAge: number | null }) {
    const range = agesSought({ ...profile, age: ageOn(profile.birthDate, deps.now()) })
    return { seek_min_age: range.min, seek_max_age: range.max }
  }

  async function getOwn(userId: number, cdnPrefix: string): Promise<OwnProfile> {
    const profile = await selectOwnProfile(db, userId)
    if (!profile) throw new AppError('authentication_required', 403)
    const [photoRows, interestIds] = await Promise.all([
      selectProfilePhotos(db, profile.id),
      selectProfileInterestIds(db, profile.id),
    ])
    return {
      id: profile.id,
      name: profile.name,
      date_of_birth: profile.birthDate,
      age: ageOn(profile.birthDate, deps.now()),
      hair_color: profile.hairColor,
      eye_color: profile.eyeColor,
      body_type: profile.bodyType,
      relationship_status: profile.relationshipStatus,
      tattoos: profile.tattoos,
      invisible: profile.invisible,
      verified_contact_only: profile.verifiedContactOnly,
      voice_notes: profile.voiceNotes,
      show_reply_time: profile.showReplyTime,
      verified: profile.verified,
      gender: profile.gender,
      sexuality: profile.sexuality,
      country: profile.country,
      region_id: profile.regionId,
      city: profile.city,
      about: profile.about,
      interests: interestIds,
      ...seekAges(profile),
      photos: photoRows.map((p) => ({
        id: p.id,
        filename: mediaUrl(cdnPrefix, p.filename),
        thumb_filename: mediaUrl(cdnPrefix, p.thumbFilename),
        status: p.status as 'pending' | 'active' | 'rejected',
        main: p.id === profile.mainPhotoId,
      })),
    }
  }

  return {
    getOwn,

    /** Whom the member looks for: the genders and the ages search and suggestions start from. */
    async preferences(userId: number) {
      const profile = await selectOwnProfile(db, userId)
      if (!profile) throw new AppError('authentication_required', 403)
      const ages = seekAges(profile)
      return {
        genders: gendersSought(profile.gender, profile.sexuality),
        seeking: seekingOf(profile.gender, profile.sexuality),
        minAge: ages.seek_min_age,
        maxAge: ages.seek_max_age,
      }
    },

    /**
     * Saves the given parts of the member's profile; a region must lie in the profile's country,
     * and a name may not be the member's address nor the site's name (the schema refuses the rest).
     * It reads the profile once, before; whoever shows the result reads it once after (`getOwn`,
     * or the page's loader).
     */
    async update(
      userId: number,
      input: ProfileUpdateInput,
      site: { countries: readonly string[]; name: string; fictional_icon: string },
    ): Promise<void> {
      const allowedCountries = site.countries
      const profile = await selectOwnProfile(db, userId)
      if (!profile) throw new AppError('authentication_required', 403)
      if (input.name && input.name.toLowerCase() === (await selectUserEmail(db, userId)).toLowerCase()) {
        throw new AppError('profile.name_is_email', 400)
      }
      const nameRefused = input.name ? memberNameProblem(input.name, site) : null
      if (nameRefused === 'name_reserved') throw new AppError('profile.name_reserved', 400)
      if (nameRefused === 'name_site_mark')
        throw new AppError('profile.name_site_mark', 400, { mark: site.fictional_icon })
      const country = input.country ?? profile.country
      if (input.country && !allowedCountries.includes(input.country))
        throw new AppError('profile.country_not_served', 400)
      const regionId =
        input.region_id !== undefined ? input.region_id : input.country ? null : profile.regionId
      if (regionId !== null && !(await regionInCountry(db, regionId, country)))
        throw new AppError('profile.region_invalid', 400)
      const interestIds = input.interests ? [...new Set(input.interests)] : null
      // One bound changed alone still makes a range: checked against the other as it stands.
      const ages = seekAges(profile)
      const minAge = input.seek_min_age ?? ages.seek_min_age
      const maxAge = input.seek_max_age ?? ages.seek_max_age
      if (minAge > maxAge) throw new AppError('profile.age_range_invalid', 400)
      if (interestIds && (await existingInterestIds(db, interestIds)).length !== interestIds.length) {
        throw new AppError('profile.interest_invalid', 400)
      }
      // A new country, region or town moves the member's place on the grid (ADR 26).
      const place =
        input.country || input.region_id !== undefined || input.city !== undefined
          ? await placeOf(db, deps.towns, {
              country,
              regionId,
              city: input.city !== undefined ? input.city || null : profile.city,
            })
          : {}
      await db.transaction(async (tx) => {
        await updateProfileRow(tx, profile.id, {
          ...place,
          ...(input.name ? { name: input.name } : {}),
          ...(input.date_of_birth ? { birthDate: input.date_of_birth } : {}),
          ...(input.hair_color !== undefined ? { hairColor: input.hair_color } : {}),
          ...(input.eye_color !== undefined ? { eyeColor: input.eye_color } : {}),
          ...(input.body_type !== undefined ? { bodyType: input.body_type } : {}),
          ...(input.relationship_status !== undefined
            ? { relationshipStatus: input.relationship_status }
            : {}),
          ...(input.tattoos !== undefined ? { tattoos: input.tattoos } : {}),
          ...(input.invisible !== undefined ? { invisible: input.invisible } : {}),
          ...(input.gender ? { gender: input.gender } : {}),
          ...(input.sexuality ? { sexuality: input.sexuality } : {}),
          ...(input.country ? { country: input.country } : {}),
          ...(input.region_id !== undefined || input.country ? { regionId } : {}),
          ...(input.city !== undefined ? { city: input.city || null } : {}),
          // A bio rewritten by its member no longer matches a translation of the old one.
          ...(input.about !== undefined ? { about: input.about || null, aboutTranslations: null } : {}),
          ...(input.seek_min_age !== undefined || input.seek_max_age !== undefined
            ? { seekMinAge: minAge, seekMaxAge: maxAge }
            : {}),
        })
        if (interestIds) await replaceProfileInterests(tx, profile.id, interestIds)
        await updateContactChoices(tx, userId, {
          verifiedContactOnly: input.verified_contact_only,
          voiceNotes: input.voice_notes,
          showReplyTime: input.show_reply_time,
        })
      })
    },
  }
}
