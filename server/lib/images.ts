import { randomBytes } from 'node:crypto'
import sharp, { type Metadata } from 'sharp'
import { AppError } from '#server/lib/errors.ts'
import type { MediaStore } from './media-store.ts'
import { perceptualHash } from './perceptual-hash.ts'

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
export const MAX_INPUT_PIXELS = 40_000_000
const DISPLAY_SIZE = 1080
const THUMB_SIZE = 240

/**
 * Decodes an uploaded file and writes a display image and a square thumbnail, both re-encoded
 * (WebP): no metadata of the original survives, GPS included. A file that is not an image, or has
 * too many pixels, is refused.
 */
export async function storeImage(
  input: Buffer,
  media: MediaStore,
  /** u: profile photos; c: photos sent in chats. */
  folder: 'u' | 'c' = 'u',
): Promise<{ filename: string; thumbFilename: string; phash: bigint }> {
  let metadata: Metadata
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata()
  } catch {
    throw new AppError('photos.not_image', 400)
  }
  if (
    !metadata.width ||
    !metadata.height ||
    !['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff'].includes(metadata.format ?? '')
  ) {
    throw new AppError('photos.not_image', 400)
  }
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new AppError('photos.too_many_pixels', 400)
  const decoded = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate()
  const [display, thumb, phash] = await Promise.all([
    decoded
      .clone()
      .resize(DISPLAY_SIZE, DISPLAY_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer(),
    decoded
      .clone()
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 78 })
      .toBuffer(),
    perceptualHash(decoded),
  ]).catch(() => {
    throw new AppError('photos.not_image', 400)
  })
  const month = new Date().toISOString().slice(0, 7)
  const base = `${folder}/${month}/${randomBytes(16).toString('hex')}`
  await Promise.all([
    media.put(`${base}.webp`, display, 'image/webp'),
    media.put(`${base}-thumb.webp`, thumb, 'image/webp'),
  ])
  return { filename: `${base}.webp`, thumbFilename: `${base}-thumb.webp`, phash }
}
