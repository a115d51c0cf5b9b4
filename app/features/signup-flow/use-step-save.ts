import { useState } from 'react'
import { useActionData } from 'react-router'
import { usePageForm } from '../../lib/page-form.ts'

/**
 * A sign-up step posted to the page's action: busy while the router posts it, and what is wrong
 * (the action's answer, in the member's language, or the step's own check in the browser).
 */
export function useStepSave() {
  const answer = useActionData() as Parameters<typeof usePageForm>[0]
  const form = usePageForm(answer)
  const [missing, setMissing] = useState<string | null>(null)
  return {
    busy: form.busy,
    error: form.busy ? null : (missing ?? form.error),
    setMissing,
    /** What the step held when the action refused it (the page served again, without scripts). */
    posted: form.values,
  }
}
