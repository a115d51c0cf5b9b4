import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import { api } from '#common/api.ts'
import type { User } from '#common/schemas/accounts.ts'
import { callApi, SESSION_EXPIRED_EVENT } from './api-client.ts'
import { useCatchUp, useFrames } from './member-connection.tsx'

/** The logged-in member in the browser: one owner of the member and their credits. */
export interface MemberStore {
  user: User | null
  /** The balance a call or a frame just told. */
  setCredits: (credits: number) => void
}

const MemberContext = createContext<MemberStore>({ user: null, setCredits: () => {} })

export const useMember = () => useContext(MemberContext)

const TIME_ZONE_KEY = 'time-zone-sent'

/**
 * Keeps the member the page load brought fresh: the balance from `credits.changed` frames, the
 * member again at every refresh tick (a session that ended logs the page out quietly), and the
 * member's time zone told once per member and zone (the swipe game's day).
 */
export function MemberProvider({ initial, children }: { initial: User | null; children: ReactNode }) {
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
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (zone && localStorage.getItem(TIME_ZONE_KEY) !== `${userId}:${zone}`) {
      callApi(api.updateUser, { body: { time_zone: zone } })
        .then(() => localStorage.setItem(TIME_ZONE_KEY, `${userId}:${zone}`))
        .catch(() => {})
    }
  }, [userId])

  const value = useMemo(
    () => ({ user: userId === null ? null : user, setCredits }),
    [user, userId, setCredits],
  )
  return <MemberContext.Provider value={value}>{children}</MemberContext.Provider>
}
