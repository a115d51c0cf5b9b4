import { avataaars } from '@dicebear/collection'
import { createAvatar } from '@dicebear/core'
import sharp from 'sharp'
import type { MediaStore } from '#server/lib/media-store.ts'

const PHOTO_SIZE = 720
const THUMB_SIZE = 240

const HAIR_HEX: Record<string, string> = {
  black: '2c1b18',
  brown: '724133',
  blonde: 'd6b370',
  red: 'c93305',
  grey: 'e8e1e1',
  other: 'f59797',
}
/** A portrait's age: hair styles, beards and glasses follow it (a 61-year-old has no teenager's hair). */
type AgeBand = 'young' | 'middle' | 'older'

export function ageBand(age: number): AgeBand {
  return age < 30 ? 'young' : age < 50 ? 'middle' : 'older'
}

type Top =
  | 'bob'
  | 'bun'
  | 'curly'
  | 'curvy'
  | 'frida'
  | 'longButNotTooLong'
  | 'miaWallace'
  | 'straight01'
  | 'straight02'
  | 'straightAndStrand'
  | 'bigHair'
  | 'shortCurly'
  | 'shortFlat'
  | 'shortRound'
  | 'shortWaved'
  | 'sides'
  | 'theCaesar'
  | 'theCaesarAndSidePart'
  | 'shavedSides'
  | 'frizzle'
  | 'shaggy'

const TOPS: Record<'female' | 'male', Record<AgeBand, readonly Top[]>> = {
  female: {
    young: [
      'bigHair',
      'curly',
      'curvy',
      'frida',
      'longButNotTooLong',
      'miaWallace',
      'straight01',
      'straightAndStrand',
    ],
    middle: ['bob', 'bun', 'curly', 'longButNotTooLong', 'miaWallace', 'straight01', 'straight02'],
    older: ['bob', 'bun', 'curvy', 'straight02'],
  },
  male: {
    young: [
      'shortCurly',
      'shortFlat',
      'shortWaved',
      'theCaesarAndSidePart',
      'shavedSides',
      'frizzle',
      'shaggy',
    ],
    middle: ['shortCurly', 'shortFlat', 'shortRound', 'shortWaved', 'theCaesar', 'theCaesarAndSidePart'],
    older: ['sides', 'shortFlat', 'shortRound', 'theCaesar'],
  },
}

/** How likely a man's portrait has a beard, and which; never a lone moustache. */
const BEARD: Record<AgeBand, number> = { young: 20, middle: 40, older: 50 }
/** How likely a portrait wears glasses (ordinary ones: no eye patch, no sunglasses indoors). */
const GLASSES: Record<AgeBand, number> = { young: 8, middle: 18, older: 45 }

/** Human skin tones only: DiceBear's cartoon yellow and orange are left out. */
const SKIN = ['614335', 'ae5d29', 'd08b5b', 'edb98a', 'ffdbb4']
const BACKGROUNDS = ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf', 'c9f2d9', 'f9e4b7']

export interface AvatarKey {
  gender: 'female' | 'male'
  age: AgeBand
  hairColor: string
  variant: number
}

export function avatarFilenames(key: AvatarKey) {
  const base = `demo/${key.gender[0]}-${key.age}-${key.hairColor}-${key.variant}`
  return { filename: `${base}.webp`, thumbFilename: `${base}-thumb.webp` }
}

/**
 * Renders one demo portrait (DiceBear SVG through sharp) and its thumbnail into the media store: the
 * member's gender, age band and hair colour, drawn on this machine (nothing fetched).
 */
export async function renderAvatar(media: MediaStore, key: AvatarKey): Promise<void> {
  const female = key.gender === 'female'
  const svg = createAvatar(avataaars, {
    seed: `${key.gender}-${key.age}-${key.hairColor}-${key.variant}`,
    top: [...TOPS[key.gender][key.age]],
    hairColor: [HAIR_HEX[key.hairColor] ?? HAIR_HEX.brown],
    skinColor: SKIN,
    facialHair: ['beardLight', 'beardMedium'],
    facialHairColor: [HAIR_HEX[key.hairColor] ?? HAIR_HEX.brown],
    facialHairProbability: female ? 0 : BEARD[key.age],
    eyes: ['default', 'happy', 'wink', 'squint'],
    eyebrows: ['default', 'defaultNatural', 'raisedExcitedNatural', 'flatNatural'],
    mouth: ['default', 'smile', 'twinkle'],
    accessories: ['prescription01', 'prescription02', 'round'],
    accessoriesProbability: GLASSES[key.age],
    backgroundColor: BACKGROUNDS,
    backgroundType: ['solid'],
  }).toString()
  const names = avatarFilenames(key)
  const image = sharp(Buffer.from(svg), { density: 200 })
  const full = await image.clone().resize(PHOTO_SIZE, PHOTO_SIZE).webp({ quality: 82 }).toBuffer()
  const thumb = await image.clone().resize(THUMB_SIZE, THUMB_SIZE).webp({ quality: 78 }).toBuffer()
  await Promise.all([
    media.put(names.filename, full, 'image/webp'),
    media.put(names.thumbFilename, thumb, 'image/webp'),
  ])
}
