import { useCallback, useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'

/** What a member-data route answers: the member's data, a failed load, or null for a visitor. */
type Answer<T> = T | { failed: true } | null

/**
 * A member's data that one resource route serves and one fetcher owns (issue 57, point 4): loaded
 * once a member is on the page and again when `load` is called (a reconnection, the refresh
 * cycle). A failed load keeps what was there; another member's data (a log-in as someone else
 * before the next load) is not shown.
 */
export function useMemberData<T extends { userId: number }>(path: string, userId: number | null) {
  const fetcher = useFetcher<Answer<T>>({ key: path })
  const answer = fetcher.data
  // The last answer that held data: a failed load says so and changes nothing.
  const held = useRef<T | null>(null)
  if (answer !== undefined && !(answer && 'failed' in answer)) held.current = answer as T | null
  const data = held.current?.userId === userId ? held.current : null
  // The fetcher's newest load function, so that `load` stays the same for the member's session.
  const latestLoad = useRef(fetcher.load)
  latestLoad.current = fetcher.load
  const load = useCallback(async () => {
    if (userId !== null) await latestLoad.current(path)
  }, [path, userId])
  useEffect(() => {
    void load()
  }, [load])
  return { data, load }
}
