import { existsSync, readdirSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { newPglite, openDatabase } from './client.ts'

/**
 * The embedded database's backup (ADR 22): its whole data directory, `DATA_DIR/pg`, as one gzipped
 * tar file, written by PGlite itself. The server must be stopped: it holds the directory (the
 * refusal names its process). Answers the file's size in bytes.
 */
export async function dumpEmbedded(dataDir: string, file: string): Promise<number> {
  if (!existsSync(path.join(dataDir, 'pg'))) throw new Error(`There is no embedded database in ${dataDir}`)
  const database = await openDatabase({ dataDir })
  try {
    if (!('pglite' in database.raw)) throw new Error('not an embedded database')
    const dump = await database.raw.pglite.dumpDataDir('gzip')
    const bytes = Buffer.from(await dump.arrayBuffer())
    await writeFile(file, bytes)
    return bytes.length
  } finally {
    await database.close()
  }
}

/**
 * Puts a dump back as `DATA_DIR/pg`. Refuses to overwrite a database that is there: move it away
 * first. The next start applies any migration the dump predates.
 */
export async function restoreEmbedded(file: string, dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'pg')
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new Error(`${dir} holds a database already: move it away before restoring over it`)
  }
  const dump = new Blob([await readFile(file)])
  const pglite = newPglite(dir, { loadDataDir: dump })
  await pglite.waitReady
  await pglite.query('select 1')
  await pglite.close()
}
