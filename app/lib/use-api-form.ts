import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import type { Call } from '#common/api.ts'
import { callApi } from './api-client.ts'
import { apiFormErrors, type FieldErrors, zodFieldErrors } from './form-errors.ts'

/**
 * A form that sends one API call: checks the body with the contract's schema first, then shows
 * the server's per-field or general error in the member's language.
 */
export function useApiForm(call: Call & { body: z.ZodType }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [fields, setFields] = useState<FieldErrors>({})
  const [message, setMessage] = useState<string | null>(null)
  const [done, setDone] = useState(false)

  async function submit(body: unknown): Promise<boolean> {
    setMessage(null)
    const parsed = call.body.safeParse(body)
    if (!parsed.success) {
      setFields(zodFieldErrors(parsed.error, t))
      return false
    }
    setFields({})
    setBusy(true)
    try {
      // The body just passed the call's own schema.
      await callApi(call as Call, { body: body as never, retries: 0 })
      setDone(true)
      return true
    } catch (error) {
      const result = apiFormErrors(error, t)
      setFields(result.fields)
      setMessage(result.message)
      return false
    } finally {
      setBusy(false)
    }
  }

  return { busy, fields, message, done, submit }
}
