import { gendersSought } from '#common/matching.ts'
import { type NewMember, WEEKLY_NAMES, type WeeklyRecipient } from './weekly-update.queries.ts'

/** The week a weekly update belongs to: the UTC date of its Monday (the once-only key's part). */
export function weekOf(at: Date): string {
  const monday = new Date(at.getTime() - ((at.getUTCDay() + 6) % 7) * 86_400_000)
  return monday.toISOString().slice(0, 10)
}

/**
 * Whom a weekly update names for a member, from the week's new members (read once per run): those of
 * the member's region first, then of their country, of the genders the member looks for, never the
 * member themself, at most WEEKLY_NAMES.
 */
export function newsNearby(news: NewMember[]) {
  const byRegion = new Map<string, NewMember[]>()
  const byCountry = new Map<string, NewMember[]>()
  for (const member of news) {
    const region = `${member.country}|${member.regionId}|${member.gender}`
    const country = `${member.country}|${member.gender}`
    byRegion.set(region, [...(byRegion.get(region) ?? []), member])
    byCountry.set(country, [...(byCountry.get(country) ?? []), member])
  }
  return (recipient: WeeklyRecipient): { name: string; place: string | null }[] => {
    const genders = gendersSought(recipient.gender, recipient.sexuality)
    const near =
      recipient.regionId === null
        ? []
        : genders.flatMap((g) => byRegion.get(`${recipient.country}|${recipient.regionId}|${g}`) ?? [])
    const country = genders.flatMap((g) => byCountry.get(`${recipient.country}|${g}`) ?? [])
    const chosen = new Map<number, NewMember>()
    for (const member of [...near, ...country]) {
      if (chosen.size >= WEEKLY_NAMES) break
      if (member.userId !== recipient.userId) chosen.set(member.userId, member)
    }
    return [...chosen.values()].map((m) => ({ name: m.name, place: m.region }))
  }
}
