import { useState } from 'react'
import { useTranslation } from '../../i18n.ts'
import { apiFormErrors } from '../../lib/form-errors.ts'

/** Saving one sign-up step: busy while it runs, the error in the member's language, then onward. */
export function useStepSave(onDone: () => void) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const run = async (save: () => Promise<unknown>) => {
    setBusy(true)
    setError(null)
    try {
      await save()
      onDone()
    } catch (e) {
      const result = apiFormErrors(e, t)
      setError(result.message ?? Object.values(result.fields)[0] ?? t('errors.server.error'))
      setBusy(false)
    }
  }
  return { busy, error, setError, run }
}
