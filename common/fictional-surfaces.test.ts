import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { FICTIONAL_SURFACES, MARKS, NOT_SURFACES, SENTENCES } from './fictional-surfaces.ts'

// Issue 54, point 7 (ADR 32): every surface that can show a fictional profile carries the mark and
// the sentence; a page file that names a member is a listed surface or says why it is not one.

const ROOT = path.resolve(import.meta.dirname, '..')
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')

function files(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(path.join(ROOT, dir))) {
    const rel = path.join(dir, entry)
    if (entry === '+types') continue
    if (statSync(path.join(ROOT, rel)).isDirectory()) files(rel, out)
    else if (entry.endsWith('.tsx') && !entry.includes('.test.')) out.push(rel)
  }
  return out
}

/** The member-facing page files (the console shows staff what fictional profiles are, by design). */
const pageFiles = files('app').filter((f) => !f.startsWith('app/routes/admin/'))
/** A file that draws a member's name: `profile.name`, `card.name`, `m.name` … */
const NAMES_A_MEMBER = /\b(profile|card|partner|member|m|p|chat\.profile|match|liker|sender)\.name\b/
const has = (text: string, needles: string[]) => needles.some((n) => text.includes(n))

describe('fictional profiles on every surface (ADR 32)', () => {
  it.each(FICTIONAL_SURFACES.map((s) => [s.name, s] as const))(
    '%s: the mark beside the name',
    (_, surface) => {
      expect(has(read(surface.file), MARKS), `${surface.file} shows no mark`).toBe(true)
    },
  )

  it.each(FICTIONAL_SURFACES.map((s) => [s.name, s] as const))('%s: the sentence', (_, surface) => {
    if (surface.sentence === 'here') {
      expect(has(read(surface.file), SENTENCES), `${surface.file} shows no sentence`).toBe(true)
      return
    }
    const tag = `<${surface.sentence.underEvery}`
    const users = pageFiles.filter((f) => f !== surface.file && read(f).includes(tag))
    expect(users.length, `nothing renders ${tag}`).toBeGreaterThan(0)
    expect(users.filter((f) => !has(read(f), SENTENCES))).toEqual([])
  })

  it('lists every page file that names a member, as a surface or with why it is not one', () => {
    const listed = new Set([...FICTIONAL_SURFACES.map((s) => s.file), ...Object.keys(NOT_SURFACES)])
    const naming = pageFiles.filter((f) => NAMES_A_MEMBER.test(read(f)))
    expect(naming.filter((f) => !listed.has(f))).toEqual([])
    // And nothing listed that is gone.
    expect([...listed].filter((f) => !statSync(path.join(ROOT, f), { throwIfNoEntry: false }))).toEqual([])
  })

  it('has each sentence-bearing component show the site’s own warning', () => {
    for (const file of [
      'app/features/members/fictional-badge.tsx',
      'app/routes/landers/lander-parts.tsx',
      'app/routes/members/landings/landing-parts.tsx',
    ])
      expect(read(file)).toContain('settings.fictional_warning')
  })
})
