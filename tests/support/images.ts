import sharp from 'sharp'

/** A small plain JPEG, as a member's camera would send one, for upload tests. */
export function testJpeg(size = 120, background = '#2a6f97'): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background } })
    .jpeg()
    .toBuffer()
}
