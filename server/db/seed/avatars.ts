import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { avataaars } from '@dicebear/collection'
import { createAvatar } from '@dicebear/core'
import sharp from 'sharp'

export const PHOTO_SIZE = 720
export const THUMB_SIZE = 240

const HAIR_HEX: Record<string, string> = {
  black: '2c1b18',
  brown: '724133',
  blonde: 'd6b370',
  red: 'c93305',
  grey: 'e8e1e1',
  other: 'f59797',
}
const FEMALE_TOP = [
  'bob',
  'bun',
  'curly',
  'curvy',
  'frida',
  'longButNotTooLong',
  'miaWallace',
  'straight01',
  'straight02',
  'straightAndStrand',
  'bigHair',
] as const
const MALE_TOP = [
  'shortCurly',
  'shortFlat',
  'shortRound',
  'shortWaved',
  'sides',
  'theCaesar',
  'theCaesarAndSidePart',
  'shavedSides',
  'frizzle',
  'shaggy',
] as const
const BACKGROUNDS = ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf', 'c9f2d9', 'f9e4b7']

export interface AvatarKey {
  gender: 'female' | 'male'
  hairColor: string
  variant: number
}

export function avatarFilenames(key: AvatarKey) {
  const base = `demo/${key.gender[0]}-${key.hairColor}-${key.variant}`
  return { filename: `${base}.webp`, thumbFilename: `${base}-thumb.webp` }
}

/** Renders one demo portrait (DiceBear SVG through sharp) and its thumbnail under mediaDir. */
export async function renderAvatar(mediaDir: string, key: AvatarKey): Promise<void> {
  const female = key.gender === 'female'
  const svg = createAvatar(avataaars, {
    seed: `${key.gender}-${key.hairColor}-${key.variant}`,
    top: [...(female ? FEMALE_TOP : MALE_TOP)],
    hairColor: [HAIR_HEX[key.hairColor] ?? HAIR_HEX.brown],
    facialHairColor: [HAIR_HEX[key.hairColor] ?? HAIR_HEX.brown],
    facialHairProbability: female ? 0 : 35,
    eyes: ['default', 'happy', 'wink', 'squint'],
    eyebrows: ['default', 'defaultNatural', 'raisedExcitedNatural', 'flatNatural'],
    mouth: ['default', 'smile', 'twinkle'],
    accessoriesProbability: 15,
    backgroundColor: BACKGROUNDS,
    backgroundType: ['solid'],
  }).toString()
  const names = avatarFilenames(key)
  const image = sharp(Buffer.from(svg), { density: 200 })
  const full = await image.clone().resize(PHOTO_SIZE, PHOTO_SIZE).webp({ quality: 82 }).toBuffer()
  const thumb = await image.clone().resize(THUMB_SIZE, THUMB_SIZE).webp({ quality: 78 }).toBuffer()
  await mkdir(path.join(mediaDir, 'demo'), { recursive: true })
  await writeFile(path.join(mediaDir, names.filename), full)
  await writeFile(path.join(mediaDir, names.thumbFilename), thumb)
}
