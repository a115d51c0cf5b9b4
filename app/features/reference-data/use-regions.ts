import { useEffect, useState } from 'react'
import type { Region } from '#common/schemas/sites.ts'
import { referenceData } from './reference-data.ts'

/** The regions of a country from the page-wide cache; null while they load, [] without a country. */
export function useRegions(country: string): Region[] | null {
  const [regions, setRegions] = useState<Region[] | null>(country ? null : [])
  useEffect(() => {
    let current = true
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
  }, [country])
  return regions
}
