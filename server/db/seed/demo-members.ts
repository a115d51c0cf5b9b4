import { sql } from 'drizzle-orm'
import { cellFromKey, cellVector } from '#common/geo-grid.ts'
import { ageOn } from '#common/schemas/accounts.ts'
import { type Db, queryRows } from '#server/db/client.ts'
import { CITIES, REGIONS } from '#server/db/reference/regions.ts'
import type { MediaStore } from '#server/lib/media-store.ts'
import { createTowns } from '#server/lib/towns.ts'
import { composeAbout } from './about-texts.ts'
import { type AvatarKey, ageBand, avatarFilenames, renderAvatar } from './avatars.ts'
import { BODY, COUNTRY_WEIGHTS, EYES, HAIR, RELATIONSHIP, SEXUALITY, TATTOOS } from './demo-traits.ts'
import { COUNTRY_NAME_LANGUAGE, FIRST_NAMES } from './names.ts'
import { createRandom, type Random } from './random.ts'

interface SeedOptions {
  members: number
  seed: number
  media: MediaStore
  batchSize?: number
  /** The moment the members are made (ages, sign-up and activity dates): now unless a test sets it. */
  now?: Date
  onProgress?: (done: number, total: number) => void
}

interface Member {
  email: string
  language: 'en' | 'fr'
  signupDate: Date
  name: string
  gender: 'female' | 'male'
  sexuality: string
  hairColor: string
  eyeColor: string
  bodyType: string
  relationshipStatus: string
  tattoos: string
  birthDate: string
  country: string
  regionCode: string
  city: string | null
  about: string
  aboutTranslations: Record<string, string>
  fictional: boolean
  lastActiveAt: Date
  photos: AvatarKey[]
  interests: number[]
}

function birthDate(random: Random, now: Date): string {
  const age = random.weighted([
    [random.int(18, 24), 14],
    [random.int(25, 34), 30],
    [random.int(35, 49), 32],
    [random.int(50, 70), 24],
  ])
  // Aged exactly `age` on the day they are made, whatever the day (a test may not depend on it):
  // born 1 to 358 days before that birthday (two draws, as the members' other traits follow them
  // in the seed's sequence).
  const daysBefore = random.int(0, 11) * 30 + random.int(1, 28)
  const date = new Date(
    Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate() - daysBefore),
  )
  return date.toISOString().slice(0, 10)
}

function makeMember(
  random: Random,
  index: number,
  seed: number,
  interestIds: number[],
  variants: number,
  now: Date,
): Member {
  const country = random.weighted(COUNTRY_WEIGHTS)
  const nameLanguage = random.pick(COUNTRY_NAME_LANGUAGE[country])
  const gender = random.chance(0.52) ? 'female' : 'male'
  const region = random.pick(REGIONS[country])
  const cities = CITIES[region[0]]
  const language = nameLanguage === 'fr' ? 'fr' : 'en'
  const hairColor = random.weighted(HAIR)
  const photoCount = random.weighted([
    [1, 30],
    [2, 40],
    [3, 30],
  ])
  const firstVariant = random.int(0, variants - 1)
  const birth = birthDate(random, now)
  const bios = composeAbout(random)
  const signupDate = new Date(now.getTime() - random.int(1, 900) * 86_400_000)
  return {
    email: `demo-${seed}-${index}@demo.invalid`,
    language,
    signupDate,
    name: random.pick(FIRST_NAMES[nameLanguage][gender]),
    gender,
    sexuality: random.weighted(SEXUALITY),
    hairColor,
    eyeColor: random.weighted(EYES),
    bodyType: random.weighted(BODY),
    relationshipStatus: random.weighted(RELATIONSHIP),
    tattoos: random.weighted(TATTOOS),
    birthDate: birth,
    country,
    regionCode: region[0],
    city: cities ? random.pick(cities) : null,
    about: bios[language],
    aboutTranslations: bios,
    fictional: index % 29 === 5,
    lastActiveAt: new Date(now.getTime() - Math.floor(random.next() ** 2 * 30 * 86_400_000)),
    photos: Array.from({ length: photoCount }, (_, j) => ({
      gender,
      age: ageBand(ageOn(birth, now)),
      hairColor,
      variant: (firstVariant + j) % variants,
    })),
    interests: random.sample(interestIds, random.int(3, 6)),
  }
}

async function nextIds(db: Db, sequence: string, count: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select nextval(${sequence})::int as id from generate_series(1, ${count}::int)`,
  )
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b)
}

/**
 * Replaces the demo members with `members` new ones, deterministic from `seed`, in batches of
 * array-parameter inserts (unnest) so that a million members load in minutes on PostgreSQL.
 */
export async function seedDemoMembers(
  db: Db,
  options: SeedOptions,
): Promise<{ members: number; photos: number }> {
  const random = createRandom(options.seed)
  const batchSize = options.batchSize ?? 5000
  const now = options.now ?? new Date()
  const [site] = await queryRows<{ id: number }>(db, sql`select id from sites order by id limit 1`)
  const interestIds = (await queryRows<{ id: number }>(db, sql`select id from interests order by id`)).map(
    (r) => Number(r.id),
  )
  const regionRows = await queryRows<{ id: number; code: string }>(db, sql`select id, code from regions`)
  const regionIds = new Map(regionRows.map((r) => [r.code, Number(r.id)]))
  // About as many portraits as before the age bands: each band draws its own variants.
  const variants = Math.min(40, Math.max(4, Math.ceil(options.members / 36)))
  const rendered = new Set<string>()
  let photoCount = 0
  // Each member's place: the grid cell of their town (ADR 26), looked up once per town.
  const towns = createTowns(Object.keys(REGIONS))
  const cells = new Map<string, Promise<number | null>>()
  const cellOfMember = (m: Member) => {
    const key = `${m.country}:${m.regionCode}:${m.city}`
    let cell = cells.get(key)
    if (!cell) {
      cell = towns.townCell(m.country, m.city, m.regionCode)
      cells.set(key, cell)
    }
    return cell
  }

  await db.execute(sql`delete from users where demo`)
  for (let start = 0; start < options.members; start += batchSize) {
    const batch: Member[] = []
    for (let i = start; i < Math.min(options.members, start + batchSize); i++) {
      batch.push(makeMember(random, i, options.seed, interestIds, variants, now))
    }
    const toRender = batch
      .flatMap((m) => m.photos)
      .filter((key) => {
        const name = avatarFilenames(key).filename
        if (rendered.has(name)) return false
        rendered.add(name)
        return true
      })
    for (let i = 0; i < toRender.length; i += 4) {
      await Promise.all(toRender.slice(i, i + 4).map((key) => renderAvatar(options.media, key)))
    }
    const photoTotal = batch.reduce((n, m) => n + m.photos.length, 0)
    const batchCells = await Promise.all(batch.map(cellOfMember))
    const vectors = batchCells.map((cell) => (cell === null ? null : cellVector(cellFromKey(cell))))
    await db.transaction(async (tx) => {
      const userIds = await nextIds(tx as unknown as Db, 'users_id_seq', batch.length)
      const profileIds = await nextIds(tx as unknown as Db, 'profiles_id_seq', batch.length)
      const photoIds = await nextIds(tx as unknown as Db, 'photos_id_seq', photoTotal)
      const col = <T>(pick: (m: Member, i: number) => T) => batch.map(pick)
      await tx.execute(sql`
        insert into users (id, site_id, email, status, language, signup_date, demo)
        select id, ${site.id}::int, email, 'active', language, signup_date, true
        from unnest(${sql.param(userIds)}::int[], ${sql.param(col((m) => m.email))}::text[], ${sql.param(col((m) => m.language))}::text[],
                    ${sql.param(col((m) => m.signupDate.toISOString()))}::timestamptz[])
          as t(id, email, language, signup_date)`)
      const photoOf: number[] = []
      const photoRows = {
        id: [] as number[],
        profile: [] as number[],
        file: [] as string[],
        thumb: [] as string[],
        pos: [] as number[],
      }
      let cursor = 0
      batch.forEach((m, i) => {
        m.photos.forEach((key, position) => {
          const names = avatarFilenames(key)
          if (position === 0) photoOf[i] = photoIds[cursor]
          photoRows.id.push(photoIds[cursor++])
          photoRows.profile.push(profileIds[i])
          photoRows.file.push(names.filename)
          photoRows.thumb.push(names.thumbFilename)
          photoRows.pos.push(position)
        })
      })
      await tx.execute(sql`
        insert into profiles (id, user_id, name, gender, sexuality, hair_color, eye_color, body_type,
          relationship_status, tattoos, birth_date, country, region_id, city, about, about_language,
          fictional, main_photo_id, last_active_at, about_translations, geo_cell, geo)
        select id, user_id, name, gender, sexuality, hair_color, eye_color, body_type, relationship_status, tattoos,
          birth_date, country, region_id, city, about, about_language, fictional, main_photo_id, last_active_at,
          about_translations, cell, case when cell is null then null else cube(array[x, y, z]) end
        from unnest(${sql.param(profileIds)}::int[], ${sql.param(userIds)}::int[], ${sql.param(col((m) => m.name))}::text[],
          ${sql.param(col((m) => m.gender))}::text[], ${sql.param(col((m) => m.sexuality))}::text[], ${sql.param(col((m) => m.hairColor))}::text[],
          ${sql.param(col((m) => m.eyeColor))}::text[], ${sql.param(col((m) => m.bodyType))}::text[], ${sql.param(col((m) => m.relationshipStatus))}::text[],
          ${sql.param(col((m) => m.tattoos))}::text[], ${sql.param(col((m) => m.birthDate))}::date[], ${sql.param(col((m) => m.country))}::char(2)[],
          ${sql.param(col((m) => regionIds.get(m.regionCode) ?? null))}::int[], ${sql.param(col((m) => m.city))}::text[],
          ${sql.param(col((m) => m.about))}::text[], ${sql.param(col((m) => m.language))}::text[], ${sql.param(col((m) => m.fictional))}::boolean[],
          ${sql.param(col((_m, i) => photoOf[i]))}::int[], ${sql.param(col((m) => m.lastActiveAt.toISOString()))}::timestamptz[],
          ${sql.param(col((m) => JSON.stringify(m.aboutTranslations)))}::jsonb[], ${sql.param(batchCells)}::int[],
          ${sql.param(vectors.map((v) => v?.[0] ?? null))}::float8[], ${sql.param(vectors.map((v) => v?.[1] ?? null))}::float8[],
          ${sql.param(vectors.map((v) => v?.[2] ?? null))}::float8[])
          as t(id, user_id, name, gender, sexuality, hair_color, eye_color, body_type, relationship_status, tattoos,
               birth_date, country, region_id, city, about, about_language, fictional, main_photo_id, last_active_at,
               about_translations, cell, x, y, z)`)
      await tx.execute(sql`
        insert into photos (id, profile_id, filename, thumb_filename, status, position, reviewed_at)
        select id, profile_id, filename, thumb, 'active', pos, ${now.toISOString()}::timestamptz
        from unnest(${sql.param(photoRows.id)}::int[], ${sql.param(photoRows.profile)}::int[], ${sql.param(photoRows.file)}::text[],
                    ${sql.param(photoRows.thumb)}::text[], ${sql.param(photoRows.pos)}::smallint[]) as t(id, profile_id, filename, thumb, pos)`)
      const interestPairs = batch.flatMap((m, i) =>
        m.interests.map((interest) => [profileIds[i], interest] as const),
      )
      await tx.execute(sql`
        insert into profile_interests (profile_id, interest_id)
        select * from unnest(${sql.param(interestPairs.map((p) => p[0]))}::int[], ${sql.param(interestPairs.map((p) => p[1]))}::int[])`)
    })
    photoCount += photoTotal
    options.onProgress?.(Math.min(options.members, start + batchSize), options.members)
  }
  return { members: options.members, photos: photoCount }
}

/** Whether any demo member exists (npm start seeds an empty database only). */
export async function hasDemoMembers(db: Db): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(
    db,
    sql`select exists(select 1 from users where demo) as found`,
  )
  return Boolean(rows[0]?.found)
}
