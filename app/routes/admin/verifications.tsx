import { useState } from 'react'
import { api } from '#common/api.ts'
import { useTranslation } from '../../i18n.ts'
import { step } from '../../lib/call-action.server.ts'
import { useFetcherForm } from '../../lib/page-form.ts'
import type { Route } from './+types/verifications'
import { loadVerificationQueue } from './admin.server.ts'
import { BannedFaceNote } from './banned-face-note.tsx'
import { consoleAction } from './console-action.server.ts'
import { ConsoleTime } from './console-time.tsx'
import { ActionFeedback, useShortcuts } from './console-ui.tsx'
import { useQueueCursor } from './queue-cursor.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return loadVerificationQueue(context)
}

export async function action({ context, request }: Route.ActionArgs) {
  return consoleAction(context, request, {
    decide: step({
      call: api.decideVerification,
    }),
  })
}

type Answer = NonNullable<Route.ComponentProps['actionData']>
const DECIDE = '/admin/verifications?intent=decide'
const SCORES = ['real', 'live', 'same', 'main', 'other'] as const

/**
 * /admin/verifications: the live checks that failed a third time in a day (issue 37). The frames
 * beside the profile's photos, the poses asked and the models' scores; V verifies, R refuses, J/K
 * move. The decision is audited and mailed; the frames go with it.
 */
export default function Verifications({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const form = useFetcherForm<Answer>('verification-decision', 'decide', actionData)
  const leaving = Number(form.fetcher.formData?.get('verification'))
  const items = loaderData.verifications.filter((v) => v.id !== leaving)
  const waiting = Math.max(0, loaderData.total - (leaving ? 1 : 0))
  const cursor = useQueueCursor(items, (v) => v.id)
  const { current } = cursor
  // The last decision asked for (the fetcher forgets its form once done), for the status line.
  const [last, setLast] = useState<'verify' | 'refuse' | null>(null)
  const decided = form.done && form.answer?.ok ? last : null
  const status =
    decided === 'verify'
      ? t('console.verifications.verified')
      : decided === 'refuse'
        ? t('console.verifications.refused')
        : ''

  const decide = (verification: number, decision: 'verify' | 'refuse') => {
    if (form.busy) return
    setLast(decision)
    void form.fetcher.submit({ verification, decision }, { method: 'post', action: DECIDE })
  }
  useShortcuts(
    {
      j: cursor.next,
      k: cursor.previous,
      v: () => current?.can_verify && decide(current.id, 'verify'),
      r: () => current && decide(current.id, 'refuse'),
    },
    'console.verifications.keys',
  )

  return (
    <>
      <title>{t('console.verifications.title')}</title>
      <div className="d-flex flex-wrap align-items-baseline gap-3 mb-2">
        <h1 className="h4 mb-0">{t('console.verifications.title')}</h1>
        <span className="text-body-secondary">{t('console.verifications.waiting', { count: waiting })}</span>
      </div>
      <p className="small text-body-secondary mb-1" id="verification-keys">
        {t('console.verifications.keys')}
      </p>
      <p className="small text-body-secondary">{t('console.verifications.privacy')}</p>
      <ActionFeedback status={status} error={form.message} />
      {items.length === 0 ? (
        <p className="text-body-secondary">{t('console.verifications.empty')}</p>
      ) : (
        <ol className="list-unstyled" aria-describedby="verification-keys">
          {items.map((v, i) => (
            <li
              key={v.id}
              className={`card card-body mb-3 ${v.id === current?.id ? 'border-primary border-2' : ''}`}
              aria-current={v.id === current?.id ? 'true' : undefined}
              onFocus={() => cursor.select(i)}
            >
              <div className="d-flex flex-wrap gap-3 align-items-baseline mb-2">
                <h2 className="h6 mb-0">
                  {v.profile_id ? <a href={`/admin/members/${v.user_id}`}>{v.name}</a> : v.name}{' '}
                  <span className="text-body-secondary">#{v.user_id}</span>
                </h2>
                <span className="small text-body-secondary">
                  <ConsoleTime at={v.sent_at} />
                </span>
                <span className="small">
                  {t('console.verifications.failuresToday', { count: v.failures_today })}
                </span>
                {v.reason ? (
                  <span className="badge text-bg-warning">{t(`verify.reasons.${v.reason}`)}</span>
                ) : null}
              </div>
              {v.banned_face ? <BannedFaceNote banned={v.banned_face} /> : null}
              {v.same_face_user_ids.length > 0 ? (
                <p className="small text-danger mb-2">
                  {t('console.verifications.sameFace', {
                    ids: v.same_face_user_ids.map((id) => `#${id}`).join(', '),
                  })}
                </p>
              ) : null}
              <div className="row g-3">
                <div className="col-lg-7">
                  <h3 className="small fw-semibold">{t('console.verifications.frames')}</h3>
                  {v.poses.map((pose, p) => (
                    <figure key={pose} className="mb-2">
                      <figcaption className="small">
                        {t('console.verifications.posesAsked')}: {t(`verify.poses.${pose}`)}
                      </figcaption>
                      <div className="d-flex gap-1 flex-wrap">
                        {v.frames
                          .filter((f) => f.pose === p)
                          .map((f) => (
                            <img
                              key={`${pose}-${f.n}`}
                              src={f.src}
                              alt={`${t(`verify.poses.${pose}`)} ${f.n + 1}`}
                              width={128}
                              height={128}
                              className="rounded object-fit-cover"
                            />
                          ))}
                      </div>
                    </figure>
                  ))}
                </div>
                <div className="col-lg-5">
                  <h3 className="small fw-semibold">{t('console.verifications.photos')}</h3>
                  <div className="d-flex gap-1 flex-wrap mb-2">
                    {v.photos.map((src, n) => (
                      <img
                        key={src}
                        src={src}
                        alt={`${v.name} ${n + 1}`}
                        width={128}
                        height={128}
                        className="rounded object-fit-cover"
                      />
                    ))}
                  </div>
                  {v.scores ? (
                    <p className="small mb-0">
                      {t('console.verifications.scores')}:{' '}
                      <span className="font-monospace">
                        {SCORES.map((key) => (v.scores?.[key] ?? 0).toFixed(2)).join(' · ')}
                      </span>
                    </p>
                  ) : null}
                </div>
              </div>
              <form.fetcher.Form method="post" action={DECIDE} className="mt-2">
                <input type="hidden" name="verification" value={v.id} />
                <button
                  type="submit"
                  name="decision"
                  value="verify"
                  onClick={() => setLast('verify')}
                  className="btn btn-outline-success btn-sm me-1"
                  disabled={form.busy || !v.can_verify}
                  title={v.can_verify ? undefined : t('console.verifications.noFace')}
                >
                  <kbd className="me-1">V</kbd>
                  {t('console.verifications.verify')}
                </button>
                <button
                  type="submit"
                  name="decision"
                  value="refuse"
                  onClick={() => setLast('refuse')}
                  className="btn btn-outline-danger btn-sm"
                  disabled={form.busy}
                >
                  <kbd className="me-1">R</kbd>
                  {t('console.verifications.refuse')}
                </button>
              </form.fetcher.Form>
            </li>
          ))}
        </ol>
      )}
    </>
  )
}
