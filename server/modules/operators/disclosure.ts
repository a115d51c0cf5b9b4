/** A text as the disclosure check compares it: case, spacing and apostrophes aside. */
const plain = (text: string) => text.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, ' ').trim()

/**
 * An operator's answer to a member who asked whether the profile is real (issue 54, point 8; ADR 32):
 * the answer as written when it carries the site's sentence on fictional profiles, else with the
 * sentence added after it. No answer to that question leaves without it.
 */
export function withDisclosure(text: string, sentence: string): { text: string; added: boolean } {
  if (plain(text).includes(plain(sentence))) return { text, added: false }
  return { text: `${text.trimEnd()}\n\n${sentence}`, added: true }
}
