import { useEffect, useState } from 'react'
import type { Region } from '#common/schemas/sites.ts'
import { referenceData } from './reference-data.ts'

/** A country's regions as a page's loader gave them (the list is there before the scripts). */
export interface KnownRegions {
  country: string
  regions: readonly Region[]
}

/**
 * The regions of a country from the page-wide cache; null while they load, [] without a country.
 * The country the loader already listed (`known`) is not asked again.
 */
export function useRegions(country: string, known?: KnownRegions): readonly Region[] | null {
  const given = known && known.country === country ? known.regions : null
  const [regions, setRegions] = useState<readonly Region[] | null>(country ? null : [])
  useEffect(() => {
    let current = true
    if (given) return
    if (!country) {
      setRegions([])
      return
    }
    setRegions(null)
    referenceData
      .regions(country)
      .then((list) => current && setRegions(list))
      .catch(() => current && setRegions([]))
    return () => {
      current = false
    }
  }, [country, given])
  return given ?? regions
}
