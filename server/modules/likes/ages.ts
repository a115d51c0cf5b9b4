import { agesSought } from '#common/matching.ts'
import { ageOn } from '#common/schemas/accounts.ts'
import type { Ages } from './likes.queries.ts'

/** The ages a member looks for (their choice, else their age give or take ten), as of today. */
export function agesOf(
  member: { birthDate: string; seekMinAge: number | null; seekMaxAge: number | null },
  today: Date,
): Ages {
  const range = agesSought({ ...member, age: ageOn(member.birthDate, today) })
  return { minAge: range.min, maxAge: range.max, today }
}
