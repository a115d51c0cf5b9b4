import { useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { api } from '#common/api.ts'
import { BAN_KINDS, type BanKind } from '#common/moderation.ts'
import { useTranslation } from '../../i18n.ts'
import { step } from '../../lib/call-action.server.ts'
import { useFetcherForm } from '../../lib/page-form.ts'
import type { Route } from './+types/bans'
import { loadBans } from './admin.server.ts'
import { consoleAction } from './console-action.server.ts'
import { ConsoleTime } from './console-time.tsx'
import { ActionFeedback } from './console-ui.tsx'

export async function loader({ context }: Route.LoaderArgs) {
  return loadBans(context)
}

export async function action({ context, request }: Route.ActionArgs) {
  return consoleAction(context, request, {
    add: step({
      call: api.addBan,
    }),
    remove: step({
      call: api.removeBan,
    }),
  })
}

/**
 * /admin/bans: sign-up bans by e-mail address, mail domain or network, on one site or all. Adding
 * and removing post to the page's action (a fetcher each), with or without the page's scripts.
 */
export default function Bans({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const adding = useFetcherForm('ban-add', 'add', actionData)
  const removing = useFetcherForm('ban-remove', 'remove', actionData)
  // From a signal: ?kind=ip&value=… fills the form in (nothing is added before the moderator asks).
  const [asked] = useSearchParams()
  const navigate = useNavigate()
  const askedKind = BAN_KINDS.find((k) => k === asked.get('kind'))
  const askedValue = askedKind ? (asked.get('value') ?? undefined) : undefined
  const [kind, setKind] = useState<BanKind>((adding.values.kind as BanKind) || askedKind || 'email')
  const element = useRef<HTMLFormElement>(null)
  // Added: the form is empty for the next one (the signal's address leaves the page's address too).
  useEffect(() => {
    if (!adding.done) return
    element.current?.reset()
    if (new URLSearchParams(window.location.search).has('value'))
      void navigate('/admin/bans', { replace: true })
  }, [adding.done, navigate])
  const leaving = Number(removing.fetcher.formData?.get('ban'))
  const bans = loaderData.bans.filter((b) => b.id !== leaving)
  const error = adding.error ?? removing.message
  const status = adding.done ? t('console.bans.added') : removing.done ? t('console.bans.removed') : ''

  return (
    <>
      <title>{t('console.bans.title')}</title>
      <h1 className="h4">{t('console.bans.title')}</h1>
      <p className="small text-body-secondary">{t('console.bans.intro')}</p>
      <ActionFeedback status={status} error={error} />
      <adding.fetcher.Form
        ref={element}
        method="post"
        action="/admin/bans?intent=add"
        className="row g-2 align-items-end mb-3"
        aria-busy={adding.busy}
      >
        <div className="col-sm-3">
          <label className="form-label small" htmlFor="ban-kind">
            {t('console.bans.kind')}
          </label>
          <select
            id="ban-kind"
            name="kind"
            className="form-select form-select-sm"
            value={kind}
            onChange={(e) => setKind(e.target.value as BanKind)}
          >
            {BAN_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`console.bans.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-4 col-lg-3">
          <label className="form-label small" htmlFor="ban-value">
            {t('console.bans.value')}
          </label>
          <input
            id="ban-value"
            name="value"
            className="form-control form-control-sm"
            required
            // A new address asked for is a new field (its default is read once).
            key={askedValue ?? ''}
            defaultValue={adding.values.value ?? askedValue}
            placeholder={
              kind === 'ip' ? '203.0.113.0/24' : kind === 'domain' ? 'example.com' : 'name@example.com'
            }
          />
        </div>
        <div className="col-sm-5 col-lg-3">
          <label className="form-label small" htmlFor="ban-reason">
            {t('console.bans.reason')}
          </label>
          <input
            id="ban-reason"
            name="reason"
            className="form-control form-control-sm"
            required
            minLength={5}
            defaultValue={adding.values.reason}
          />
        </div>
        <div className="col-sm-4 col-lg-2">
          <label className="form-label small" htmlFor="ban-site">
            {t('console.bans.site')}
          </label>
          <select
            id="ban-site"
            name="site"
            className="form-select form-select-sm"
            defaultValue={adding.values.site ?? ''}
          >
            <option value="">{t('console.bans.allSites')}</option>
            {loaderData.sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-auto">
          <button type="submit" className="btn btn-danger btn-sm" disabled={adding.busy}>
            {t('console.bans.add')}
          </button>
        </div>
      </adding.fetcher.Form>
      {bans.length === 0 ? (
        <p className="text-body-secondary">{t('console.bans.empty')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle small">
            <thead>
              <tr>
                <th scope="col">{t('console.bans.kind')}</th>
                <th scope="col">{t('console.bans.value')}</th>
                <th scope="col">{t('console.bans.site')}</th>
                <th scope="col">{t('console.bans.reason')}</th>
                <th scope="col">{t('console.bans.by')}</th>
                <th scope="col">{t('console.bans.when')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('console.bans.remove')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {bans.map((b) => (
                <tr key={b.id}>
                  <td>{t(`console.bans.kinds.${b.kind}`)}</td>
                  <td className="font-monospace">{b.value}</td>
                  <td>{b.site ?? t('console.bans.allSites')}</td>
                  <td>{b.reason}</td>
                  <td>{b.created_by}</td>
                  <td className="text-nowrap">
                    <ConsoleTime at={b.created_at} />
                  </td>
                  <td>
                    <removing.fetcher.Form method="post" action="/admin/bans?intent=remove">
                      <button
                        type="submit"
                        name="ban"
                        value={b.id}
                        className="btn btn-outline-secondary btn-sm"
                        disabled={removing.busy}
                      >
                        {t('console.bans.remove')}
                      </button>
                    </removing.fetcher.Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
