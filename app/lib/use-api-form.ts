import { useState } from 'react'
import type { Call } from '#common/api.ts'
import { useTranslation } from '../i18n.ts'
import { callApi } from './api-client.ts'
import { apiFormErrors, type FieldErrors } from './form-errors.ts'

/**
 * A form that sends one API call and shows the server's per-field or general error in the
 * member's language. The server checks the body with the call's schema (the browser's API table
 * has no schemas, ADR 21); these forms are short, and the answer comes at once.
 */
export function useApiForm(call: Call) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [fields, setFields] = useState<FieldErrors>({})
  const [message, setMessage] = useState<string | null>(null)
  const [done, setDone] = useState(false)

  async function submit(body: unknown): Promise<boolean> {
    setMessage(null)
    setBusy(true)
    try {
      await callApi(call, { body: body as never, retries: 0 })
      setFields({})
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
