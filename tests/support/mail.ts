import { desc, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { mailOutbox } from '#server/db/schema/accounts.ts'

/** The newest outbox mail to an address. */
export async function lastMailTo(db: Db, to: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1)
  return mail ?? null
}

/** The first link in a mail's text part that contains `path`. */
export function linkIn(text: string, path: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(path))
  if (!link) throw new Error(`no link to ${path} in:\n${text}`)
  return link
}
