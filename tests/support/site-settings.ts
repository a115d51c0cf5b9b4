import { sql } from 'drizzle-orm'
import type { TestApp } from './test-app.ts'

/**
 * Runs `body` with every site's new_photo_status set to `mode` (pre-moderation: 'pending'), then
 * sets it back to 'active', the reference sites' own.
 */
export async function withPhotoMode(t: TestApp, mode: 'pending' | 'active', body: () => Promise<void>) {
  const set = async (value: string) => {
    await t.database.db.execute(
      sql`update sites set settings = jsonb_set(settings, '{new_photo_status}', ${JSON.stringify(value)}::jsonb)`,
    )
    await t.app.services.sites.reload()
  }
  await set(mode)
  try {
    await body()
  } finally {
    await set('active')
  }
}
