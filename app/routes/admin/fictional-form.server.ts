import { TRAIT_VALUES } from '#common/choices.ts'

const TRAITS = Object.keys(TRAIT_VALUES)

/**
 * A fictional profile's form as the console's calls take it: the traits, city and text empty as
 * null, the region and interests as numbers (the chips posted one value each).
 */
export function fictionalFromForm(fields: Record<string, string>, form: FormData) {
  const text = (name: string) => fields[name] ?? ''
  return {
    name: text('name'),
    date_of_birth: text('date_of_birth'),
    gender: text('gender'),
    sexuality: text('sexuality'),
    country: text('country'),
    city: text('city').trim() || null,
    about: text('about').trim() || null,
    region_id: text('region_id') ? Number(text('region_id')) : null,
    ...Object.fromEntries(TRAITS.map((trait) => [trait, text(trait) || null])),
    interests: form.getAll('interests').map(Number),
  }
}
