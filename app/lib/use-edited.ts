import { useCallback, useMemo, useRef, useState } from 'react'

/** One change made here to data its loader owns (a frame's message, a removal, a like). */
type Edit<T> = (value: T) => T

/**
 * Data its loader or fetcher owns, seen with the changes made here since it last loaded (issue 57,
 * point 4: no loader data copied into state). The edits apply over the data as it came and are
 * dropped when it comes again, the new load having them or the frames that follow bringing them.
 */
export function useEdited<T extends object>(base: T | null): [T | null, (edit: Edit<T>) => void] {
  const [edits, setEdits] = useState<{ on: T | null; steps: Edit<T>[] }>({ on: null, steps: [] })
  const latest = useRef(base)
  latest.current = base
  const value = useMemo(
    () => (base !== null && edits.on === base ? edits.steps.reduce<T>((v, step) => step(v), base) : base),
    [base, edits],
  )
  const edit = useCallback(
    (step: Edit<T>) =>
      setEdits((current) => {
        const on = latest.current
        if (on === null) return current
        return current.on === on ? { on, steps: [...current.steps, step] } : { on, steps: [step] }
      }),
    [],
  )
  return [value, edit]
}
