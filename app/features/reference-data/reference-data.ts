import { api, type Call } from '#common/api.ts'
import { type CallOutput, callUrl, fetchJson } from '../../lib/api-client.ts'

type Fetcher = (url: string) => Promise<unknown>

/**
 * Interests, regions and company info change rarely: the browser loads each once and keeps it
 * (spec section 7). A failed load is forgotten so that the next call tries again.
 */
export function createReferenceData(fetcher: Fetcher = (url) => fetchJson(url)) {
  const cache = new Map<string, Promise<unknown>>()
  function once<C extends Call>(
    key: string,
    call: C,
    query?: Record<string, string>,
  ): Promise<CallOutput<C>> {
    let pending = cache.get(key) as Promise<CallOutput<C>> | undefined
    if (!pending) {
      pending = fetcher(callUrl(call, query)) as Promise<CallOutput<C>>
      cache.set(key, pending)
      pending.catch(() => cache.delete(key))
    }
    return pending
  }
  return {
    interests: (locale: string) => once(`interests:${locale}`, api.interests).then((r) => r.interests),
    regions: (country: string) => once(`regions:${country}`, api.regions, { country }).then((r) => r.regions),
    companyInfo: () => once('companyinfo', api.companyInfo),
  }
}

/** The page-wide cache. */
export const referenceData = createReferenceData()
