import { FREE_PHOTO_LIMIT, PREMIUM_PHOTO_LIMIT } from '#common/constants.ts'
import type { Db } from '#server/db/client.ts'
import { selectNextMain, setMainPhoto } from '#server/db/profile-photos.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { storeImage } from '#server/lib/images.ts'
import type { MediaStore } from '#server/lib/media-store.ts'
import { mediaUrl } from '#server/lib/media-url.ts'
import type { Member } from '#server/modules/accounts/accounts.service.ts'
import type { SafetyService } from '#server/modules/safety/safety.service.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'
import type { BannedFaces } from '#server/modules/verification/verification.service.ts'
import {
  countPhotos,
  deletePhotoRow,
  hasOpenSignal,
  insertPhoto,
  lockProfileOfUser,
  nextPosition,
  selectNearCopy,
  selectOwnPhoto,
  selectPhotoRoom,
} from './photos.queries.ts'

export type PhotosService = ReturnType<typeof createPhotosService>

/** A member with an open signal against them has this many first photos looked at before shown. */
const FLAGGED_FIRST_PHOTOS = 3

/**
 * Members' photos: upload through the image pipeline within the 3/25 limit (each new photo waits in
 * the moderators' queue), delete.
 */
export function createPhotosService(
  db: Db,
  deps: {
    media: MediaStore
    now: Clock
    safety: Pick<SafetyService, 'photoScore'>
    /** The ban list of faces (issue 60): a photo of a banned face waits for a moderator. */
    bannedFaces: Pick<BannedFaces, 'matchImage'>
  },
) {
  const removeFiles = (...files: string[]) => deps.media.remove(files)
  const limitOf = (paid: boolean) => (paid ? PREMIUM_PHOTO_LIMIT : FREE_PHOTO_LIMIT)

  /** Refuses an upload the member has no room for before the image is decoded (issue 36, point 4). */
  async function checkRoom(userId: number) {
    const room = await selectPhotoRoom(db, userId)
    if (!room) throw new AppError('authentication_required', 403)
    const limit = limitOf(room.paidUser)
    if (room.photos >= limit) throw new AppError('photos.limit_reached', 403, { count: limit })
  }

  return {
    /** Stores an uploaded image for the member's profile; the first one becomes the main photo. */
    async upload(member: Member, file: Buffer, site: Site) {
      await checkRoom(member.userId)
      // The pipeline refuses what is not a photo it may keep; only then does the model look at it.
      const stored = await storeImage(file, deps.media, 'u', deps.now())
      try {
        const [explicitScore, bannedFace] = await Promise.all([
          deps.safety.photoScore(file),
          deps.bannedFaces.matchImage(file),
        ])
        const photo = await db.transaction(async (tx) => {
          // Counted again under the profile's lock: two uploads at once take the last place in turn.
          const profile = await lockProfileOfUser(tx, member.userId)
          if (!profile) throw new AppError('authentication_required', 403)
          const limit = limitOf(profile.paidUser)
          const photoCount = await countPhotos(tx, profile.id)
          if (photoCount >= limit) throw new AppError('photos.limit_reached', 403, { count: limit })
          // Pre-moderation holds every new photo; post-moderation a likely copy (ADR 16), an explicit
          // photo, a flagged account's first photos (ADR 29), and a banned member's face (issue 60).
          const duplicateOf = await selectNearCopy(tx, profile.id, stored.phash)
          const explicit = explicitScore >= site.settings.explicit_photo_threshold
          const held =
            duplicateOf !== null ||
            explicit ||
            bannedFace !== null ||
            (photoCount < FLAGGED_FIRST_PHOTOS && (await hasOpenSignal(tx, member.userId)))
          const row = await insertPhoto(tx, {
            profileId: profile.id,
            filename: stored.filename,
            thumbFilename: stored.thumbFilename,
            status: held ? 'pending' : site.settings.new_photo_status,
            explicitScore,
            explicit,
            position: await nextPosition(tx, profile.id),
            phash: stored.phash,
            duplicateOf,
            bannedFace,
          })
          if (!profile.mainPhotoId) await setMainPhoto(tx, profile.id, row.id)
          return row
        })
        const cdn = site.settings.cdn_prefix
        return {
          id: photo.id,
          filename: mediaUrl(cdn, photo.filename),
          thumb_filename: mediaUrl(cdn, photo.thumbFilename),
          status: photo.status as 'pending' | 'active' | 'rejected',
        }
      } catch (error) {
        await removeFiles(stored.filename, stored.thumbFilename)
        throw error
      }
    },

    /** Makes one of the member's photos the main one. */
    async makeMain(member: Member, photoId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const profile = await lockProfileOfUser(tx, member.userId)
        if (!profile) throw new AppError('authentication_required', 403)
        if (!(await selectOwnPhoto(tx, profile.id, photoId))) throw new AppError('photos.not_found', 404)
        await setMainPhoto(tx, profile.id, photoId)
      })
    },

    /** Deletes one of the member's photos; when it was the main one, the next active photo takes over. */
    async remove(member: Member, photoId: number): Promise<void> {
      const files = await db.transaction(async (tx) => {
        const profile = await lockProfileOfUser(tx, member.userId)
        if (!profile) throw new AppError('authentication_required', 403)
        const photo = await selectOwnPhoto(tx, profile.id, photoId)
        if (!photo) throw new AppError('photos.not_found', 404)
        await deletePhotoRow(tx, photo.id)
        if (profile.mainPhotoId === photo.id)
          await setMainPhoto(tx, profile.id, await selectNextMain(tx, profile.id))
        return [photo.filename, photo.thumbFilename]
      })
      await removeFiles(...files)
    },
  }
}
