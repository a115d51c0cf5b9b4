import { useFetcher, useLocation, useNavigation } from 'react-router'

/** What a form shows after a refused post (app/lib/form-action.server.ts makes it). */
export interface FormAnswer {
  ok: false
  code: string
  message: string
  fields: Record<string, string>
  /** The values to put back in the form (never a password). */
  values: Record<string, string>
  /** Which of the page's forms it answers, on a page with several (`?intent=` in the form's action). */
  intent?: string
}

/** What a route action answers a form: done (with what it says), or refused. */
export type FormResult = { ok: true } | FormAnswer

/**
 * A form posted to its page's route action (ADR 25): busy while the router submits it (from
 * useNavigation, not kept by hand), and what the action answered: done, or refused with a
 * message for the whole form or one per field.
 */
export function usePageForm(answer: FormResult | undefined | null) {
  const navigation = useNavigation()
  const { pathname } = useLocation()
  const busy = navigation.state === 'submitting' && navigation.formAction?.split('?')[0] === pathname
  return formState(answer, busy)
}

/**
 * A form posted through a fetcher (one of several on a page): busy while the fetcher is, and what
 * it answered, or what the page's action answered a post made without the scripts (`intent`).
 */
export function useFetcherForm<T extends FormResult>(
  key: string,
  /** The form's intent, or its intents when its buttons post to several steps. */
  intent: string | readonly string[],
  pageAnswer: unknown,
) {
  const fetcher = useFetcher<T>({ key })
  const answered =
    pageAnswer && typeof pageAnswer === 'object' ? (pageAnswer as { intent?: string }).intent : null
  const fromPage =
    answered && (typeof intent === 'string' ? answered === intent : intent.includes(answered))
      ? (pageAnswer as T)
      : undefined
  const answer = fetcher.data ?? fromPage
  return { fetcher, answer, ...formState(answer, fetcher.state !== 'idle') }
}

function formState(answer: FormResult | undefined | null, busy: boolean) {
  const failed = !busy && answer && answer.ok === false ? answer : null
  const fields = failed?.fields ?? {}
  return {
    busy,
    done: !busy && answer?.ok === true,
    /** Per-field messages, by the field's name. */
    fields,
    /** The form's own message: when no field has one. */
    message: failed && Object.keys(fields).length === 0 ? failed.message : null,
    /** One message for a form that shows no field's beside it: the form's, or its first field's. */
    error: failed ? (Object.values(fields)[0] ?? failed.message) : null,
    /** The values the member had typed (the page was served again, without scripts). */
    values: failed?.values ?? {},
  }
}

/** A page's address with the form that posts named (`?intent=`), its other query kept. */
export function withIntent(pathname: string, search: string | URLSearchParams, intent: string) {
  const query = new URLSearchParams(search)
  query.set('intent', intent)
  return `${pathname}?${query}`
}
