import { useEffect, useState } from 'react'
import { PrefetchPageLinks, useLocation, useNavigation } from 'react-router'
import { IDLE_PREFETCH_TIMEOUT_MS } from '#common/constants.ts'
import { useRootData } from '../../lib/use-root-data.ts'

/** Where a member or a visitor most likely goes next from a page: the app's main sections. */
function likelyNext(pathname: string, member: boolean): string[] {
  const next = member
    ? ({
        '/members': ['/chats', '/likes'],
        '/chats': ['/members', '/likes'],
        '/likes': ['/members', '/chats'],
      }[pathname] ?? ['/members', '/chats'])
    : ['/signup', '/login']
  return next.filter((page) => page !== pathname)
}

/**
 * Idle prefetch (spec section 9): once a page has been quiet for IDLE_PREFETCH_TIMEOUT_MS, the code
 * and data of the likely next pages load in the background (low-priority prefetch links), so the
 * next tap shows its page at once. Nothing while a navigation runs.
 */
export function IdlePrefetch() {
  const { user, nonce } = useRootData()
  const { pathname } = useLocation()
  const busy = useNavigation().state !== 'idle'
  const [quietOn, setQuietOn] = useState<string | null>(null)
  useEffect(() => {
    setQuietOn(null)
    if (busy) return
    const timer = setTimeout(() => setQuietOn(pathname), IDLE_PREFETCH_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [pathname, busy])
  if (quietOn !== pathname) return null
  return (
    <>
      {likelyNext(pathname, user !== null).map((page) => (
        <PrefetchPageLinks key={page} page={page} nonce={nonce} />
      ))}
    </>
  )
}
