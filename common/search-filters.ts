// The member search's filters (issue 57, point 2): the one list that names each filter, the
// parameters it takes in the address and the API, its label, what offers it, and how "widen your
// search" lifts it. The query's schema (`SEARCH_PARAMS` in common/schemas/members.ts) is keyed by
// these parameters, so a parameter without a schema does not compile; the search form, its count
// of filters in force and the widen list read this list. No zod here: the search page is public
// and loads none (ADR 21).

/** The parameters a site's `search_fields` may offer, checked when its settings are read or saved. */
export const SEARCH_FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const

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
}

/** In the form's order; the widen list offers them in the same order. */
export const SEARCH_FILTERS = {
  gender: { params: ['gender'], offeredBy: 'site', widen: { label: 'widenGender', lifts: ['gender'] } },
  distance: {
    params: ['distance'],
    offeredBy: 'place',
    widen: { label: 'widenDistance', lifts: ['distance'] },
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
  verified: { params: ['verified'], offeredBy: 'always' },
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
