import { describe, expect, it } from 'vitest'
import en from './i18n/en.json' with { type: 'json' }
import fr from './i18n/fr.json' with { type: 'json' }
import { SEND_REFUSALS } from './schemas/chat.ts'
import { writeRefusals } from './write-refusals.ts'

/** The message of an error code in a bundle (errors.<domain>.<reason>), or its plural form for a count. */
function messageOf(bundle: Record<string, unknown>, code: string): unknown {
  const at = (path: string[]) =>
    path.reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      bundle,
    )
  const path = ['errors', ...code.split('.')]
  return at(path) ?? at([...path.slice(0, -1), `${path.at(-1)}_other`])
}

describe('send and like refusals', () => {
  it('each has a message in English and French', () => {
    for (const code of [...SEND_REFUSALS, ...writeRefusals('like')]) {
      expect(typeof messageOf(en, code), `en ${code}`).toBe('string')
      expect(typeof messageOf(fr, code), `fr ${code}`).toBe('string')
    }
  })
})
