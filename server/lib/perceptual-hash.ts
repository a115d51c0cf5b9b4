import sharp, { type Sharp } from 'sharp'

/**
 * How many bits two hashes may differ by and still be the same picture (ADR 16). A copy within 3
 * bits always shares one of the four indexed 16-bit bands (pigeonhole); one within 4–6 bits shares
 * one unless every band holds a changed bit, so most such copies are found too.
 */
export const NEAR_COPY_BITS = 6

/**
 * A 64-bit difference hash (dHash) of a picture: grey, shrunk to 9×8, one bit per pair of
 * neighbouring pixels (is the left one brighter?). Re-encoding, resizing and small edits leave it
 * almost unchanged, so a photo taken from another account is found even after it was saved again.
 * Answered as a signed 64-bit integer, as PostgreSQL's bigint holds it.
 */
export async function perceptualHash(image: Sharp | Buffer): Promise<bigint> {
  // A pipeline comes already turned upright (storeImage); a file is turned here.
  const source = Buffer.isBuffer(image) ? sharp(image).rotate() : image.clone()
  const pixels = await source.greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer()
  let hash = 0n
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      hash = (hash << 1n) | (pixels[y * 9 + x] > pixels[y * 9 + x + 1] ? 1n : 0n)
    }
  }
  return BigInt.asIntN(64, hash)
}

/**
 * Whether a hash says anything about the picture: a plain or nearly plain image (one colour, a
 * smooth gradient) hashes to almost all zeros or ones, and such pictures are not copies of each other.
 */
export function isInformative(hash: bigint): boolean {
  const ones = hashDistance(hash, 0n)
  return ones >= 8 && ones <= 56
}

/** How many bits two hashes differ by. */
export function hashDistance(a: bigint, b: bigint): number {
  let diff = BigInt.asUintN(64, a ^ b)
  let bits = 0
  while (diff) {
    bits += Number(diff & 1n)
    diff >>= 1n
  }
  return bits
}

/** The four 16-bit bands the database indexes (photos_phash_band0..3). */
export function hashBands(hash: bigint): number[] {
  return [0n, 16n, 32n, 48n].map((shift) => Number((hash >> shift) & 65535n))
}
