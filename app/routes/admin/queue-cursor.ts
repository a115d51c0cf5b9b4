import { useEffect, useRef, useState } from 'react'

type Key = string | number

/**
 * Where a queue's selection stands now: on the item chosen, wherever the list has moved it; when
 * that item has left (decided here or by someone else), on the first item that followed it in the
 * list shown before, else the nearest before it, else at its old place. -1 for an empty list.
 */
export function cursorIndex(chosen: Key | null, shown: readonly Key[], keys: readonly Key[]) {
  if (keys.length === 0) return -1
  const here = chosen === null ? -1 : keys.indexOf(chosen)
  if (here >= 0) return here
  const was = chosen === null ? -1 : shown.indexOf(chosen)
  if (was < 0) return 0
  const after = shown.slice(was + 1).find((key) => keys.includes(key))
  if (after !== undefined) return keys.indexOf(after)
  const before = shown.slice(0, was).findLast((key) => keys.includes(key))
  return before === undefined ? Math.min(was, keys.length - 1) : keys.indexOf(before)
}

/**
 * The selection of a console queue (photos, reports, signals, verifications), kept on an item
 * rather than a place: a row that leaves above it, or arrives, when the list is read again or a
 * decision's answer comes, does not move a moderator's next key onto another member (ADR 16).
 */
export function useQueueCursor<T>(items: readonly T[], keyOf: (item: T) => Key) {
  const [chosen, setChosen] = useState<Key | null>(null)
  const shown = useRef<readonly Key[]>([])
  const keys = items.map(keyOf)
  const index = cursorIndex(chosen, shown.current, keys)
  const at = index < 0 ? null : keys[index]
  useEffect(() => {
    if (keys.length > 0) shown.current = keys
    // The item that took a departed one's place becomes the chosen one.
    if (at !== null && at !== chosen) setChosen(at)
  })
  const select = (i: number) => {
    const key = keys[Math.max(0, Math.min(i, keys.length - 1))]
    if (key !== undefined) setChosen(key)
  }
  return {
    index,
    current: index < 0 ? undefined : items[index],
    select,
    next: () => select(index + 1),
    previous: () => select(index - 1),
  }
}
