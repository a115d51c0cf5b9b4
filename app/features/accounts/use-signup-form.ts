import { type FormEvent, useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { type Seeking, sexualityOf } from '#common/matching.ts'
import { useTranslation } from '../../i18n.ts'
import { checkForm, type FieldErrors } from '../../lib/form-errors.ts'
import { SIGNED_UP_EVENT } from '../../lib/page-bounce.ts'
import type { FormAnswer } from '../../lib/page-form.ts'
import { storedTracking } from '../../lib/tracking.ts'
import { suggestEmail } from './email-suggestion.ts'

/** What the sign-up page's action answers: where to go once the account is made, or what failed. */
export type SignupAnswer = { ok: true; result: { next: string } } | FormAnswer

/** The form's schema, loaded with zod at the first focus or submit (app/lib/form-errors.ts). */
const signupSchema = () => import('#common/schemas/accounts.ts').then((schemas) => schemas.SignupForm)
export const preloadSchema = () => void signupSchema().catch(() => {})

/**
 * The sign-up form's state: what was typed (or what the action answered a post made without the
 * page's scripts), the check in the browser with the action's own schema, the post through one
 * fetcher, and the full load of the next page once the account is made.
 */
export function useSignupForm(answer: SignupAnswer | undefined, onBusyChange?: (busy: boolean) => void) {
  const { t } = useTranslation()
  // The modal and the page post to the sign-up page's action (ADR 25), through one fetcher.
  const fetcher = useFetcher<SignupAnswer>({ key: 'signup' })
  const result = fetcher.data ?? answer
  const typed = result?.ok === false ? result.values : {}
  const [values, setValues] = useState({
    gender: typed.gender ?? '',
    seeking: (typed.seeking ?? '') as Seeking | '',
    name: typed.name ?? '',
    email: typed.email ?? '',
    password: '',
    password_repeat: '',
    date_of_birth: typed.date_of_birth ?? '',
    signup_message: typed.signup_message ?? '',
  })
  const [checked, setChecked] = useState<FieldErrors | null>(null)
  const sending = fetcher.state !== 'idle'
  const [checking, setChecking] = useState(false)
  const busy = checking || sending || result?.ok === true
  const failed = !sending && result?.ok === false ? result : null
  const errors: FieldErrors = checked ?? failed?.fields ?? {}
  const message = checked ? null : failed && Object.keys(failed.fields).length === 0 ? failed.message : null
  const suggestion = suggestEmail(values.email)

  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange])
  // Made: the visitor left the page by signing up (page bounces), then a full load of the next
  // page drops every visitor's data from memory.
  useEffect(() => {
    if (result?.ok !== true) return
    window.dispatchEvent(new Event(SIGNED_UP_EVENT))
    window.location.assign(result.result.next)
  }, [result])

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }))

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const gender = values.gender || undefined
    // Checked here first (the same schema as the action's), for an answer without a round trip.
    setChecking(true)
    const check = await checkForm(
      signupSchema(),
      {
        email: values.email,
        name: values.name,
        password: values.password,
        password_repeat: values.password_repeat,
        date_of_birth: values.date_of_birth,
        gender,
        sexuality: gender && values.seeking ? sexualityOf(gender, values.seeking) : undefined,
        signup_message: values.signup_message.trim() || undefined,
      },
      t,
    )
    if (!check.ok) {
      setChecking(false)
      setChecked(check.fields)
      return
    }
    setChecked(null)
    for (const [key, value] of Object.entries(storedTracking(window))) if (value) form.set(key, value)
    form.set('scripted', '1')
    // Where the member is, for their country's preset (issue 56): the browser's time zone.
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (zone) form.set('time_zone', zone)
    // Busy from the check until the post has its answer: the fetcher is idle a moment before its
    // post starts (the action's code may still be loading), when Esc would have closed the modal.
    // No loader runs again after the post: the page goes on to /complete-signup by a full load, and
    // a page's loader that now sees a member (the home's sends them to /members) would navigate
    // client-side first and cancel that load.
    try {
      await fetcher.submit(form, { method: 'post', action: '/signup', defaultShouldRevalidate: false })
    } finally {
      setChecking(false)
    }
  }

  return { fetcher, values, setValues, set, submit, busy, failed, errors, message, suggestion }
}
