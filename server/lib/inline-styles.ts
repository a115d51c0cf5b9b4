import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** The built stylesheets, to put in a first visit's page (ADR 21): their text by address, and their version. */
export interface InlineStyles {
  /** Text by address (/assets/…css). */
  texts: ReadonlyMap<string, string>
  /** Names the set of files: the cookie of a browser that holds them says it. */
  version: string
}

/** Reads the client build's stylesheets once, at start; none when the build has no assets folder. */
export function readInlineStyles(clientDirectory: string): InlineStyles {
  const folder = path.join(clientDirectory, 'assets')
  let names: string[] = []
  try {
    names = readdirSync(folder)
      .filter((name) => name.endsWith('.css'))
      .sort()
  } catch {
    names = []
  }
  const texts = new Map(
    names.map((name) => [
      `/assets/${name}`,
      // Text inside <style>: nothing in it may close the element.
      readFileSync(path.join(folder, name), 'utf8').replaceAll('</style', '<\\/style'),
    ]),
  )
  const version = createHash('sha256').update(names.join('\n')).digest('base64url').slice(0, 12)
  return { texts, version }
}
