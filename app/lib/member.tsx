import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import { api } from '#common/api.ts'
import type { User } from '#common/schemas/accounts.ts'
import { callApi, SESSION_EXPIRED_EVENT } from './api-client.ts'
import { useCatchUp, useFrames } from './member-connection.tsx'

/** The logged-in member in the browser: one owner of the member and their credits. */
interface MemberStore {
  user: User | null
  /** The balance a call or a frame just told. */
  setCredits: (credits: number) => void
}

const MemberContext = createContext<MemberStore>({ user: null, setCredits: () => {} })

export const useMember = () => useContext(MemberContext)

/**
 * Keeps the member the page load brought fresh: the balance from `credits.changed` frames, the
 * member again at every refresh tick (a session that ended logs the page out quietly), and the
 * member's time zone told when the site's is not the browser's (the swipe game's day, the times a
 * page shows).
 */
export function MemberProvider({
  initial,
  zoneOffset,
  children,
}: {
  initial: User | null
  /** getTimezoneOffset() of the zone the site has for the member now, or null if it has none. */
  zoneOffset?: number | null
  children: ReactNode
}) {
  const [user, setUser] = useState<User | null>(initial)
  const userId = initial?.id ?? null

  // A new session (login, logout) starts from the page's data again.
  useEffect(() => setUser(initial), [initial])

  const setCredits = useCallback(
    (credits: number) => setUser((current) => (current ? { ...current, credits } : current)),
    [],
  )

  useFrames((frame) => {
    if (frame.type === 'credits.changed') setCredits(frame.credits)
  })

  useCatchUp(
    async () => {
      const { user: fresh } = await callApi(api.user, { headers: { 'X-Request-Type': 'client' } })
      if (fresh) setUser(fresh)
      else window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT))
    },
    { refresh: true },
  )

  useEffect(() => {
    if (userId === null) return
    // The zone's name takes an Intl date format, and a page's first costs a phone over 100 ms
    // (common/intl.ts): it is asked only when the browser's offset from UTC is not that of the
    // zone the site has (none yet, a move, another browser's).
    if (zoneOffset === new Date().getTimezoneOffset()) return
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (zone) callApi(api.updateUser, { body: { time_zone: zone } }).catch(() => {})
  }, [userId, zoneOffset])

  const value = useMemo(
    () => ({ user: userId === null ? null : user, setCredits }),
    [user, userId, setCredits],
  )
  return <MemberContext.Provider value={value}>{children}</MemberContext.Provider>
}
