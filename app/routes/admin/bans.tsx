import { type FormEvent, useState } from 'react'
import { api } from '#common/api.ts'
import { BAN_KINDS, type BanKind } from '#common/moderation.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import type { Route } from './+types/bans'
import { loadBans } from './admin.server.ts'
import { ActionFeedback, useConsoleAction } from './console-ui.tsx'

export async function loader({ context }: Route.LoaderArgs) {
  return loadBans(context)
}

type Ban = Route.ComponentProps['loaderData']['bans'][number]

/** /admin/bans: sign-up bans by e-mail address, mail domain or network, on one site or all. */
export default function Bans({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const [bans, setBans] = useState<Ban[]>(loaderData.bans)
  const [kind, setKind] = useState<BanKind>('email')
  const [value, setValue] = useState('')
  const [reason, setReason] = useState('')
  const [site, setSite] = useState('')
  const { busy, error, status, run } = useConsoleAction()

  const add = (event: FormEvent) => {
    event.preventDefault()
    void run(async () => {
      const { ban } = await callApi(api.addBan, {
        body: { kind, value, reason, ...(site ? { site: Number(site) } : {}) },
        retries: 0,
      })
      setBans((list) => [ban, ...list])
      setValue('')
      setReason('')
      return t('console.bans.added')
    })
  }

  const remove = (ban: Ban) =>
    run(async () => {
      await callApi(api.removeBan, { body: { ban: ban.id }, retries: 0 })
      setBans((list) => list.filter((b) => b.id !== ban.id))
      return t('console.bans.removed')
    })

  return (
    <>
      <title>{t('console.bans.title')}</title>
      <h1 className="h4">{t('console.bans.title')}</h1>
      <p className="small text-body-secondary">{t('console.bans.intro')}</p>
      <ActionFeedback status={status} error={error} />
      <form className="row g-2 align-items-end mb-3" onSubmit={add} aria-busy={busy}>
        <div className="col-sm-3 col-lg-2">
          <label className="form-label small" htmlFor="ban-kind">
            {t('console.bans.kind')}
          </label>
          <select
            id="ban-kind"
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
            className="form-control form-control-sm"
            required
            value={value}
            onChange={(e) => setValue(e.target.value)}
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
            className="form-control form-control-sm"
            required
            minLength={5}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <div className="col-sm-4 col-lg-2">
          <label className="form-label small" htmlFor="ban-site">
            {t('console.bans.site')}
          </label>
          <select
            id="ban-site"
            className="form-select form-select-sm"
            value={site}
            onChange={(e) => setSite(e.target.value)}
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
          <button type="submit" className="btn btn-danger btn-sm" disabled={busy}>
            {t('console.bans.add')}
          </button>
        </div>
      </form>
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
                  <td className="text-nowrap">{b.created_at.replace('T', ' ').slice(0, 16)}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-outline-secondary btn-sm"
                      onClick={() => void remove(b)}
                    >
                      {t('console.bans.remove')}
                    </button>
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
