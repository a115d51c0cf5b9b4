import { useEffect, useState } from 'react'
import { FETCH_MIN_DELAY_MS } from '#common/constants.ts'

/**
 * True once `on` has stayed true for `ms` (spec section 9: the fetch minimum delay), false as soon
 * as it turns false: a loading indicator shows only for a wait one would notice, never as a flash.
 */
export function useDelayed(on: boolean, ms: number = FETCH_MIN_DELAY_MS): boolean {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!on) {
      setShown(false)
      return
    }
    const timer = setTimeout(() => setShown(true), ms)
    return () => clearTimeout(timer)
  }, [on, ms])
  return on && shown
}
