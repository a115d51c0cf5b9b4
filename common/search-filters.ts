// The member search's filters (issue 57, point 2): the one list that names each filter, the
// parameters it takes in the address and the API, its control on the form and its label, what
// offers it, and how "widen your search" lifts it. The query's schema (`SEARCH_PARAMS` in
// common/schemas/members.ts) is keyed by these parameters, so a parameter without a schema does
// not compile; the server's SQL (server/modules/members/search-sql.ts) is keyed by these filters,
// so a filter without its condition does not compile. The search form, its count of filters in
// force and the widen list read this list. No zod here: the search page is public and loads none
// (ADR 21). A new filter with a choice or a checkbox is its entry here, its schema and its SQL.
import { DISTANCE_CHOICES } from './geo-grid.ts'

/** The parameters a site's `search_fields` may offer, checked when its settings are read or saved. */
export const SEARCH_FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const

/** One of a choice's options: its value and its label (a member string, with its parameters). */
interface ChoiceOption {
  readonly value: string | number
  readonly label: string
  readonly params?: Readonly<Record<string, string | number>>
}

/**
 * A control the form draws from this table alone: a choice (a select whose first option, `any`,
 * sets nothing) or a checkbox (`value` when ticked). Filters without one have their own control
 * in app/features/members/search-filters.tsx (the country's regions, two ages, interest chips).
 */
export type SearchControl =
  | {
      readonly kind: 'choice'
      readonly label: string
      readonly any: string
      readonly options: readonly ChoiceOption[]
    }
  | { readonly kind: 'check'; readonly label: string; readonly value: string }

interface SearchFilter {
  /** Its parameters in the address and in GET /api/members.php. */
  readonly params: readonly string[]
  /**
   * What offers it: the site's `search_fields` (each of its parameters listed there), a member with
   * a place (nearest first, ADR 26), or every search.
   */
  readonly offeredBy: 'site' | 'place' | 'always'
  /** The widen list's button (`preferences.<widen>`), lifting these parameters; none: not offered. */
  readonly widen?: { readonly label: string; readonly lifts: readonly string[] }
  /** Its control, when the form draws it from here (a one-parameter filter). */
  readonly control?: SearchControl
}

/** In the form's order; the widen list offers them in the same order. */
export const SEARCH_FILTERS = {
  gender: {
    params: ['gender'],
    offeredBy: 'site',
    widen: { label: 'widenGender', lifts: ['gender'] },
    control: {
      kind: 'choice',
      label: 'search.gender',
      any: 'search.anyone',
      options: [
        { value: 'female', label: 'search.women' },
        { value: 'male', label: 'search.men' },
      ],
    },
  },
  distance: {
    params: ['distance'],
    offeredBy: 'place',
    widen: { label: 'widenDistance', lifts: ['distance'] },
    control: {
      kind: 'choice',
      label: 'search.distance',
      any: 'search.anywhere',
      options: DISTANCE_CHOICES.map((km) => ({ value: km, label: 'search.within', params: { km } })),
    },
  },
  country: {
    params: ['country'],
    offeredBy: 'site',
    widen: { label: 'widenCountry', lifts: ['country', 'countryregion'] },
  },
  region: {
    params: ['countryregion'],
    offeredBy: 'site',
    widen: { label: 'widenRegion', lifts: ['countryregion'] },
  },
  ages: {
    params: ['min_age', 'max_age'],
    offeredBy: 'site',
    widen: { label: 'widenAges', lifts: ['min_age', 'max_age'] },
  },
  verified: {
    params: ['verified'],
    offeredBy: 'always',
    control: { kind: 'check', label: 'search.verifiedOnly', value: '1' },
  },
  newHere: {
    params: ['new_here'],
    offeredBy: 'always',
    control: { kind: 'check', label: 'search.newHereOnly', value: '1' },
  },
  interests: {
    params: ['interests'],
    offeredBy: 'always',
    widen: { label: 'widenInterests', lifts: ['interests'] },
  },
} as const satisfies Record<string, SearchFilter>

export type SearchFilterKey = keyof typeof SEARCH_FILTERS
export type SearchParam = (typeof SEARCH_FILTERS)[SearchFilterKey]['params'][number]

/** Whether a search's form offers a parameter: the site lists it, or the filter needs no listing. */
export function offers(
  key: SearchFilterKey,
  param: SearchParam,
  by: { searchFields: readonly string[]; nearby: boolean },
): boolean {
  const { offeredBy } = SEARCH_FILTERS[key]
  return offeredBy === 'always' || (offeredBy === 'place' ? by.nearby : by.searchFields.includes(param))
}

/** A value set in a search (an empty list of interests is none). */
const isSet = (value: unknown) =>
  value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)

/** The parameters set in a search, in the table's order (the form's count of filters in force). */
export function paramsInForce(query: Partial<Record<SearchParam, unknown>>): SearchParam[] {
  return Object.values(SEARCH_FILTERS)
    .flatMap((filter) => filter.params as readonly SearchParam[])
    .filter((param) => isSet(query[param]))
}
