import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { fetchJson } from './api-client.ts'
import { apiFormErrors, type FieldErrors, zodFieldErrors } from './form-errors.ts'

/**
 * A form that sends one API call: checks the body with the contract's schema first, then shows
 * the server's per-field or general error in the member's language.
 */
export function useApiForm<T extends z.ZodType>(schema: T, url: string, method: 'POST' | 'PUT' | 'DELETE') {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [fields, setFields] = useState<FieldErrors>({})
  const [message, setMessage] = useState<string | null>(null)
  const [done, setDone] = useState(false)

  async function submit(body: unknown): Promise<boolean> {
    setMessage(null)
    const parsed = schema.safeParse(body)
    if (!parsed.success) {
      setFields(zodFieldErrors(parsed.error, t))
      return false
    }
    setFields({})
    setBusy(true)
    try {
      await fetchJson(url, { method, body: JSON.stringify(body), retries: 0 })
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
