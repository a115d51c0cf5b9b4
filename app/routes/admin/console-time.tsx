/**
 * How long a moment reads in the console: to the minute ("2026-12-02 18:36"), to the second (the
 * audit log), or its month, day and time only (the inbox's waits, which are hours old at most).
 */
type Length = 'minute' | 'second' | 'short'

/**
 * A moment as the console shows it: in UTC, the same for every staff member wherever they work,
 * sortable by eye, and the same in a page's first render on the server as after it (the browser's
 * own zone would differ between the two). '—' for none.
 */
export function consoleTime(iso: string | null | undefined, length: Length = 'minute'): string {
  if (!iso) return '—'
  const text = iso.replace('T', ' ')
  if (length === 'second') return text.slice(0, 19)
  return length === 'short' ? text.slice(5, 16) : text.slice(0, 16)
}

/** A moment in a console page: a time element that holds its full value and says it is UTC. */
export function ConsoleTime({ at, length }: { at: string | null | undefined; length?: Length }) {
  if (!at) return <>—</>
  return (
    <time dateTime={at} title="UTC">
      {consoleTime(at, length)}
    </time>
  )
}
