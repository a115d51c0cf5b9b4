import type { Tracking } from '#common/schemas/accounts.ts'

const STORAGE_KEY = 'tracking'
const SUB1_VARIANTS = ['sub1', 'sub', 'aff_sub', 'aff_sub1', 'subid', 'subid1']
const SUB2_VARIANTS = ['sub2', 'aff_sub2', 'subid2']
const SUB3_VARIANTS = ['sub3', 'aff_sub3', 'subid3']
const REMOVED = ['network', 'ref', 'cpc', ...SUB1_VARIANTS, ...SUB2_VARIANTS, ...SUB3_VARIANTS]

const stripBraces = (value: string) => value.replace(/[{}]/g, '').trim()

/**
 * Reads the tracking values of a landing URL (spec section 5): network, ref and the sub/sub1/aff_sub
 * variants, sub2, sub3, braces stripped from ref and sub values; answers them and the URL without
 * them (and without cpc).
 */
export function extractTracking(url: URL): { tracking: Tracking; cleaned: URL | null } {
  const params = url.searchParams
  const first = (names: string[]) => {
    for (const name of names) {
      const value = params.get(name)
      if (value) return stripBraces(value).slice(0, 200)
    }
    return undefined
  }
  const tracking: Tracking = {}
  const network = params.get('network')?.trim()
  if (network) tracking.network = network.slice(0, 100)
  const ref = first(['ref'])
  if (ref) tracking.ref = ref
  const sub1 = first(SUB1_VARIANTS)
  if (sub1) tracking.sub1 = sub1
  const sub2 = first(SUB2_VARIANTS)
  if (sub2) tracking.sub2 = sub2
  const sub3 = first(SUB3_VARIANTS)
  if (sub3) tracking.sub3 = sub3
  if (!REMOVED.some((name) => params.has(name))) return { tracking, cleaned: null }
  const cleaned = new URL(url)
  for (const name of REMOVED) cleaned.searchParams.delete(name)
  return { tracking, cleaned }
}

/** Keeps the tracking of this visit (newer values win) and takes it out of the address bar. */
export function captureTracking(win: Window): void {
  const { tracking, cleaned } = extractTracking(new URL(win.location.href))
  if (Object.keys(tracking).length > 0) {
    const stored = storedTracking(win)
    win.localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...stored, ...tracking }))
    if (tracking.network) {
      // The server decides with it whether sign-ups are open (signups: with_trafficsource).
      win.document.cookie = `network=${encodeURIComponent(tracking.network)}; Path=/; Max-Age=${30 * 86_400}; SameSite=Lax`
    }
  }
  if (cleaned)
    win.history.replaceState(win.history.state, '', cleaned.pathname + cleaned.search + cleaned.hash)
}

/** The tracking kept from earlier visits. */
export function storedTracking(win: Window): Tracking {
  try {
    return JSON.parse(win.localStorage.getItem(STORAGE_KEY) ?? '{}') as Tracking
  } catch {
    return {}
  }
}

const VISIT_KEY = 'visit-counted'

/**
 * Counts the browser session's first page as a visit, with the traffic source kept (the reports'
 * visits, ADR 18); the console's pages are no visits.
 */
export function countVisit(win: Window, send: (tracking: Tracking) => Promise<unknown>): void {
  if (win.location.pathname.startsWith('/admin')) return
  try {
    if (win.sessionStorage.getItem(VISIT_KEY)) return
    win.sessionStorage.setItem(VISIT_KEY, '1')
  } catch {
    return
  }
  send(storedTracking(win)).catch(() => {
    // A visit that could not be counted is not worth a member's attention.
  })
}
