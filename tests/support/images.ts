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
