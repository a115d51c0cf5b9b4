import type { CompanyInfo, Interest, Region } from '#common/schemas/sites.ts'
import { fetchJson } from '../../lib/api-client.ts'

type Fetcher = <T>(url: string) => Promise<T>

/**
 * Interests, regions and company info change rarely: the browser loads each once and keeps it
 * (spec section 7). A failed load is forgotten so that the next call tries again.
 */
export function createReferenceData(fetcher: Fetcher = (url) => fetchJson(url)) {
  const cache = new Map<string, Promise<unknown>>()
  function once<T>(key: string, url: string): Promise<T> {
    let pending = cache.get(key) as Promise<T> | undefined
    if (!pending) {
      pending = fetcher<T>(url)
      cache.set(key, pending)
      pending.catch(() => cache.delete(key))
    }
    return pending
  }
  return {
    interests: (locale: string) =>
      once<{ interests: Interest[] }>(`interests:${locale}`, '/api/interests.php').then((r) => r.interests),
    regions: (country: string) =>
      once<{ regions: Region[] }>(
        `regions:${country}`,
        `/api/regions.php?country=${encodeURIComponent(country)}`,
      ).then((r) => r.regions),
    companyInfo: () => once<CompanyInfo>('companyinfo', '/api/companyinfo.php'),
  }
}

/** The page-wide cache. */
export const referenceData = createReferenceData()
