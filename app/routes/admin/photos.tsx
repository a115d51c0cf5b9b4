import { useEffect, useRef, useState } from 'react'
import { type ShouldRevalidateFunctionArgs, useFetcher } from 'react-router'
import { api } from '#common/api.ts'
import { PHOTO_REJECT_REASONS } from '#common/moderation.ts'
import type { PhotoQueueItem } from '#common/schemas/moderation.ts'
import { useTranslation } from '../../i18n.ts'
import { step } from '../../lib/call-action.server.ts'
import type { FormAnswer } from '../../lib/page-form.ts'
import type { Route } from './+types/photos'
import { loadPhotoQueue } from './admin.server.ts'
import { consoleAction } from './console-action.server.ts'
import { ActionFeedback, useShortcuts } from './console-ui.tsx'
import { PhotoFacts } from './photo-facts.tsx'
import { useQueueCursor } from './queue-cursor.ts'
import { VoicePromptQueue } from './voice-prompt-queue.tsx'

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadPhotoQueue(context, request)
}

const REVIEW = '/admin/photos?intent=review'

export async function action({ context, request }: Route.ActionArgs) {
  return consoleAction(context, request, {
    // The button pressed says the verdict: `approve`, or `reject:{reason}`.
    review: step({
      call: api.reviewPhoto,
      read: ({ verdict = '', ...fields }) => {
        const [decision = '', reason = ''] = verdict.split(':')
        return { ...fields, decision, reason }
      },
    }),
    // A voice prompt's decision (issue 58): its profile, the button's decision, the reason chosen.
    reviewVoice: step({ call: api.reviewVoicePrompt }),
  })
}

/** The queue keeps its own list (pages load as it runs low): a decision does not load it again. */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formAction === REVIEW ? false : defaultShouldRevalidate
}

/** A decision taken by someone else meanwhile: the photo leaves the list all the same. */
const TAKEN = new Set(['moderation.already_reviewed', 'moderation.photo_not_found'])

/**
 * /admin/photos: the photo queue, oldest first, one key per decision (ADR 16): A approves the
 * selected photo, 1–6 reject it with that reason, J and K move the selection. A decided photo
 * leaves the list and the next one is selected; the next page loads before the list runs dry.
 */
export default function PhotoQueue({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  // The next pages load through the page's own loader (`?after=`), as the list runs low.
  const more = useFetcher<typeof loader>({ key: 'photo-queue-pages' })
  /** The pages after the loader's first, as they came. */
  const [later, setLater] = useState<PhotoQueueItem[]>([])
  /** Photos decided here, or by someone else meanwhile: they leave the list. */
  const [gone, setGone] = useState<ReadonlySet<number>>(() => new Set())
  /** The queue's last count (the loader's, or the last page's) and the decisions taken here since. */
  const [counted, setCounted] = useState({ waiting: loaderData.waiting, since: 0 })
  const photos = [...loaderData.photos, ...later].filter(
    (p, i, all) => !gone.has(p.id) && all.findIndex((o) => o.id === p.id) === i,
  )
  const waiting = Math.max(0, counted.waiting - counted.since)
  const cursor = useQueueCursor(photos, (p) => p.id)
  // A decision posts to the page's action (one fetcher, one decision at a time).
  const fetcher = useFetcher<NonNullable<typeof actionData>>({ key: 'photo-review' })
  const busy = fetcher.state === 'idle' ? null : Number(fetcher.formData?.get('photo'))
  const sent = useRef<{ photo: number; verdict: string } | null>(null)
  const [error, setError] = useState<string | null>(null)
  // Without the scripts the decision comes back as the page's answer.
  const [status, setStatus] = useState(() => (actionData?.ok ? t('console.photos.decidedShort') : ''))
  const loadingMore = more.state !== 'idle'

  const loadMore = (after: number | undefined) => {
    if (more.state === 'idle')
      void more.load(after === undefined ? '/admin/photos' : `/admin/photos?after=${after}`)
  }
  // A page came: its photos join the list, and its count is the queue's.
  useEffect(() => {
    const page = more.data
    if (!page) return
    setLater((current) => [...current, ...page.photos])
    setCounted({ waiting: page.waiting, since: 0 })
  }, [more.data])
  // The loader ran again (another form on the page): its count is the newest.
  useEffect(() => setCounted({ waiting: loaderData.waiting, since: 0 }), [loaderData])

  const verdictLabel = (verdict: string) => {
    const [decision, reason] = verdict.split(':')
    return decision === 'approve'
      ? t('console.photos.approve')
      : t('console.photos.rejectAs', { reason: t(`console.photos.reasons.${reason}`) })
  }

  const decide = (photo: PhotoQueueItem, verdict: string) => {
    if (busy === null) void fetcher.submit({ photo: photo.id, verdict }, { method: 'post', action: REVIEW })
  }

  // What was sent (by a key or a button), to know the answer's photo.
  if (fetcher.formData && sent.current === null) {
    sent.current = {
      photo: Number(fetcher.formData.get('photo')),
      verdict: String(fetcher.formData.get('verdict')),
    }
  }
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answer is what moves the queue on
  useEffect(() => {
    const decision = sent.current
    if (!answer || !decision) return
    sent.current = null
    const failure = answer.ok ? null : (answer as FormAnswer & { code: string })
    if (failure && !TAKEN.has(failure.code)) {
      setError(failure.message)
      return
    }
    setError(null)
    if (!failure) {
      setStatus(t('console.photos.decided', { decision: verdictLabel(decision.verdict) }))
      setCounted((c) => ({ ...c, since: c.since + 1 }))
    }
    setGone((current) => new Set(current).add(decision.photo))
    const rest = photos.filter((p) => p.id !== decision.photo)
    if (rest.length < 5 && waiting > photos.length) loadMore(rest.at(-1)?.id ?? decision.photo)
  }, [answer])

  const { current } = cursor

  useShortcuts(
    {
      a: () => current && decide(current, 'approve'),
      ...Object.fromEntries(
        PHOTO_REJECT_REASONS.map((reason, n) => [
          String(n + 1),
          () => current && decide(current, `reject:${reason}`),
        ]),
      ),
      j: cursor.next,
      k: cursor.previous,
    },
    'console.photos.keys',
  )

  // The selected card in view, whichever photo it is now.
  const shown = current?.id
  useEffect(() => {
    if (shown !== undefined)
      document.getElementById(`queue-photo-${shown}`)?.scrollIntoView?.({ block: 'nearest' })
  }, [shown])

  return (
    <>
      <title>{t('console.photos.title')}</title>
      <div className="d-flex flex-wrap align-items-baseline gap-3 mb-2">
        <h1 className="h4 mb-0">{t('console.photos.title')}</h1>
        <span className="text-body-secondary" data-testid="photo-waiting">
          {t('console.photos.waiting', { count: waiting })}
        </span>
      </div>
      <p className="small text-body-secondary mb-3" id="photo-keys">
        {t('console.photos.keys')}
      </p>
      <ActionFeedback status={status} error={error} />
      {loaderData.voicePrompts?.waiting ? <VoicePromptQueue {...loaderData.voicePrompts} /> : null}
      {photos.length === 0 ? (
        <p className="text-body-secondary" data-testid="photo-queue-empty">
          {loadingMore ? t('console.photos.loading') : t('console.photos.empty')}
        </p>
      ) : (
        <ol className="list-unstyled d-grid gap-3" aria-describedby="photo-keys">
          {photos.map((photo, i) => {
            const isSelected = photo.id === current?.id
            return (
              <li
                key={photo.id}
                id={`queue-photo-${photo.id}`}
                className={`card ${isSelected ? 'border-primary border-2 shadow-sm' : ''}`}
                aria-current={isSelected ? 'true' : undefined}
                data-testid="queue-photo"
                data-photo-id={photo.id}
              >
                <div className="card-body d-flex flex-column flex-md-row gap-3">
                  <button
                    type="button"
                    className="btn p-0 border-0 flex-shrink-0 align-self-start"
                    onClick={() => cursor.select(i)}
                    aria-label={t('console.photos.photoOf', { id: photo.id, name: photo.member.name })}
                  >
                    <img
                      src={photo.url}
                      alt=""
                      width={240}
                      height={240}
                      className="rounded object-fit-contain bg-body-secondary"
                    />
                  </button>
                  <div className="flex-grow-1" style={{ minWidth: 0 }}>
                    <PhotoFacts photo={photo} />
                    <fetcher.Form method="post" action={REVIEW} className="d-flex flex-wrap gap-2">
                      <input type="hidden" name="photo" value={photo.id} />
                      <button
                        type="submit"
                        name="verdict"
                        value="approve"
                        className="btn btn-success btn-sm"
                        disabled={busy !== null}
                        aria-keyshortcuts={isSelected ? 'A' : undefined}
                      >
                        <kbd className="me-1">A</kbd>
                        {t('console.photos.approve')}
                      </button>
                      {PHOTO_REJECT_REASONS.map((reason, n) => (
                        <button
                          key={reason}
                          type="submit"
                          name="verdict"
                          value={`reject:${reason}`}
                          className="btn btn-outline-danger btn-sm"
                          disabled={busy !== null}
                          aria-keyshortcuts={isSelected ? String(n + 1) : undefined}
                        >
                          <kbd className="me-1">{n + 1}</kbd>
                          {t(`console.photos.reasons.${reason}`)}
                        </button>
                      ))}
                    </fetcher.Form>
                  </div>
                </div>
              </li>
            )
          })}
        </ol>
      )}
      {photos.length > 0 && waiting > photos.length ? (
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          disabled={loadingMore}
          onClick={() => loadMore(photos.at(-1)?.id)}
        >
          {loadingMore ? t('console.photos.loading') : t('console.photos.more')}
        </button>
      ) : null}
    </>
  )
}
