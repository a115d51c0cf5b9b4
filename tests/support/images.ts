import { crc32 } from 'node:zlib'
import sharp from 'sharp'

/** A small plain JPEG, as a member's camera would send one, for upload tests. */
export function testJpeg(size = 120, background = '#2a6f97'): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background } })
    .jpeg()
    .toBuffer()
}

/**
 * A JPEG with a picture in it (blocks of seeded brightness), so that its perceptual hash means
 * something: the same seed at another size or quality is the same picture.
 */
export function patternJpeg(seed: number, size = 360, quality = 90): Promise<Buffer> {
  const cells = 6
  const pixels = Buffer.alloc(size * size * 3)
  let state = seed
  const shades = Array.from({ length: cells * cells }, () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return 30 + (state % 200)
  })
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const shade = shades[Math.floor((y * cells) / size) * cells + Math.floor((x * cells) / size)]
      pixels.fill(shade, (y * size + x) * 3, (y * size + x) * 3 + 3)
    }
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .jpeg({ quality })
    .toBuffer()
}

/**
 * A small PNG whose header declares `width` × `height` pixels (a decompression bomb's shape: a few
 * hundred bytes that would decode to a huge canvas). Its pixel data is a real 8×8 image's, so only
 * a decode would find out; what is checked from the header alone refuses it first.
 */
export async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
    .png()
    .toBuffer()
  // The IHDR chunk follows the 8-byte signature: length (4), type (4), width (4), height (4), …, CRC.
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
  return png
}
