import unhomoglyph from 'unhomoglyph'
import { type NameProblem, nameProblem } from '#common/member-name.ts'

/**
 * What a reader takes a text for (issue 55, point 7): every character Unicode's table of
 * confusables (confusables.txt, as the unhomoglyph package keeps it) maps to the one it looks like:
 * a Cyrillic "А" is an "A", "m" and "rn" are one. Only the server reads names this way: the table
 * is 100 kB, and the browser's check of the same rule needs no more than its own folding.
 */
const seenAs = (text: string): string => unhomoglyph(text)

/**
 * A member's name as the server judges it: the common rule, with look-alike letters of every
 * script, the site's name and the marks the site shows beside names (its fictional profiles').
 */
export function memberNameProblem(
  name: string,
  site: { name: string; fictional_icon: string },
): NameProblem | null {
  return nameProblem(name, [site.name], { seen: seenAs, marks: [site.fictional_icon, '✦'] })
}
