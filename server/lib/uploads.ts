import type { FastifyRequest } from 'fastify'
import type { ZodType, z } from 'zod'
import { AppError } from './errors.ts'
import { MAX_UPLOAD_BYTES } from './images.ts'
import { guarded } from './safe-input.ts'

/** The limits of every multipart route: one photo and a few small fields. */
export const UPLOAD_LIMITS = { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 6, fieldSize: 200_000 }

const tooLarge = () => new AppError('photos.too_large', 413, { mb: MAX_UPLOAD_BYTES / 1024 / 1024 })
const isTooLarge = (error: unknown) => (error as { statusCode?: number })?.statusCode === 413

/**
 * Reads a multipart request with one file in field `photo` and the fields before it, checked by
 * `fields` like any other input before the file is read. A body that is not multipart, has no
 * boundary, is cut short or is garbage is a 400 in the member's language, never a 500, and nothing
 * is written. `limit`, from the checked fields, bounds the file tighter than every upload's limit
 * (a voice note's size): a file over it is refused as it arrives, before it is read whole.
 */
export async function readUpload<T extends ZodType>(
  request: FastifyRequest,
  fields: T,
  limit?: (fields: z.output<T>) => { bytes: number; refusal: AppError } | null,
): Promise<{ buffer: Buffer; fields: z.output<T> }> {
  if (!request.isMultipart()) throw new AppError('photos.not_image', 400)
  let file: Awaited<ReturnType<FastifyRequest['file']>>
  try {
    file = await request.file()
  } catch (error) {
    throw isTooLarge(error) ? tooLarge() : new AppError('request.invalid', 400)
  }
  if (file?.fieldname !== 'photo') {
    // Drain what is left so that the connection can be reused.
    file?.file.resume()
    throw new AppError('photos.missing', 400)
  }
  const values = Object.fromEntries(
    Object.values(file.fields).flatMap((f) =>
      f && !Array.isArray(f) && f.type === 'field' ? [[f.fieldname, f.value]] : [],
    ),
  )
  let parsed: z.output<T>
  try {
    parsed = guarded(fields).parse(values) as z.output<T>
  } catch (error) {
    file.file.resume()
    throw error
  }
  const bound = limit?.(parsed) ?? null
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of file.file as AsyncIterable<Buffer>) {
      size += chunk.length
      if (bound && size > bound.bytes) {
        file.file.resume()
        throw bound.refusal
      }
      chunks.push(chunk)
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw isTooLarge(error) ? tooLarge() : new AppError('request.invalid', 400)
  }
  if (file.file.truncated) throw tooLarge()
  return { buffer: Buffer.concat(chunks), fields: parsed }
}
