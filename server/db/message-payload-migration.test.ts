import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, expect, it } from 'vitest'
import { newPglite } from './client.ts'

// Migrations 0040–0041 (ADR 35) move what each kind of message stored in a column of its own (a
// gift's key, a photo's files) into the message's payload, then drop the columns: a database with
// messages of every kind upgrades with none of it lost.

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url))
const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

/** The migrations as they stood before `tag`: the same files, with a journal that stops before it. */
function migrationsBefore(tag: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-'))
  folders.push(folder)
  cpSync(MIGRATIONS, folder, { recursive: true })
  const journalFile = path.join(folder, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
  const at = journal.entries.findIndex((entry) => entry.tag === tag)
  expect(at).toBeGreaterThan(0)
  journal.entries = journal.entries.slice(0, at)
  writeFileSync(journalFile, JSON.stringify(journal))
  return folder
}

it('moves a gift’s key and a photo’s files into the payload, and drops the columns they had', async () => {
  const pglite = newPglite()
  const db = drizzle(pglite)
  await migrate(db, { migrationsFolder: migrationsBefore('0040_message_payload') })
  // The messages alone: their conversation and members do not matter here (no foreign keys checked).
  await pglite.exec(`SET session_replication_role = replica;
    INSERT INTO messages (conversation_id, sender_user_id, kind, body, gift_key, photo_filename, photo_thumb, client_id)
    VALUES (1, 1, 'text', 'Hello', NULL, NULL, NULL, 'a'),
      (1, 1, 'gift', 'with love', 'rose', NULL, NULL, 'b'),
      (1, 2, 'photo', 'me at the sea', NULL, 'c/p.webp', 'c/p-thumb.webp', 'c'),
      (1, 2, 'photo', '', NULL, 'c/q.webp', NULL, 'd');`)
  await migrate(db, { migrationsFolder: MIGRATIONS })
  const moved = await pglite.query(
    'SELECT client_id, kind, body, payload, media_file FROM messages ORDER BY client_id',
  )
  expect(moved.rows).toEqual([
    { client_id: 'a', kind: 'text', body: 'Hello', payload: null, media_file: null },
    { client_id: 'b', kind: 'gift', body: 'with love', payload: { gift: 'rose' }, media_file: null },
    {
      client_id: 'c',
      kind: 'photo',
      body: 'me at the sea',
      payload: { file: 'c/p.webp', thumb: 'c/p-thumb.webp' },
      media_file: 'c/p.webp',
    },
    {
      client_id: 'd',
      kind: 'photo',
      body: '',
      payload: { file: 'c/q.webp', thumb: null },
      media_file: 'c/q.webp',
    },
  ])
  const columns = await pglite.query<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_name = 'messages' AND column_name IN ('gift_key', 'photo_filename', 'photo_thumb')",
  )
  expect(columns.rows).toEqual([])
  await pglite.close()
})
