import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildMember } from '../../tests/support/factories.ts'
import { createTestDatabase } from '../../tests/support/test-app.ts'
import { withArrayRows } from './array-rows.ts'
import type { Database } from './client.ts'
import { selectProfileCards } from './profile-cards.ts'
import { profiles, users } from './schema/members.ts'

// Rows mapped by a function made for the query's columns (issue 62, point 4) are the rows drizzle
// maps itself: the same keys, nulls, dates and numbers, on node-postgres; PGlite keeps drizzle's.

let database: Database
let drop: () => Promise<void>
const ids: number[] = []
beforeAll(async () => {
  ;({ database, drop } = await createTestDatabase())
  const withPhoto = await buildMember(database.db, { name: 'Anouk' })
  const without = await buildMember(database.db, { name: 'Zoé', photoStatus: null })
  await database.db
    .update(users)
    .set({ onlineUntil: new Date('2026-12-01T10:00:00Z') })
    .where(eq(users.id, withPhoto.user.id))
  ids.push(withPhoto.profile.id, without.profile.id)
})
afterAll(() => drop())

const cards = () =>
  selectProfileCards(database.db)
    .where(sql`${profiles.id} = any(${sql.placeholder('ids')}::int[])`)
    .orderBy(profiles.id)
    .prepare('')

it('maps a card query as drizzle does, with its nulls, dates and expressions', async () => {
  const drizzles = await cards().execute({ ids })
  const ours = await withArrayRows(cards()).execute({ ids })
  expect(ours).toEqual(drizzles)
  expect(ours.map((row) => [row.name, row.photoFilename === null, row.onlineUntil])).toEqual([
    ['Anouk', false, new Date('2026-12-01T10:00:00Z')],
    ['Zoé', true, null],
  ])
  expect(ours[0].signupDate).toBeInstanceOf(Date)
  expect(ours[0].birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
})

it('maps its own rows on node-postgres only, and only flat ones', async () => {
  const flat = cards()
  expect(withArrayRows(flat) !== flat).toBe(database.kind === 'postgres')
  const nested = database.db
    .select({ card: { id: profiles.id } })
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder('id')))
    .prepare('')
  expect(withArrayRows(nested)).toBe(nested)
  expect(await withArrayRows(nested).execute({ id: ids[0] })).toEqual([{ card: { id: ids[0] } }])
})

it('refuses a query run without a placeholder value, as drizzle does', async () => {
  await expect(withArrayRows(cards()).execute({})).rejects.toThrow('No value for placeholder "ids"')
})
