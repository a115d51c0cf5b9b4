import { type FormEvent, useState } from 'react'
import { useRevalidator } from 'react-router'
import { api } from '#common/api.ts'
import { STAFF_ROLES, type StaffRole } from '#common/staff.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import type { Route } from './+types/staff'
import { loadStaff } from './admin.server.ts'
import { ActionFeedback, useConsoleAction } from './console-ui.tsx'

export async function loader({ context }: Route.LoaderArgs) {
  return loadStaff(context)
}

/** /admin/staff: admins make staff accounts, change roles, disable them, reset second factors. */
export default function Staff({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const revalidator = useRevalidator()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<StaffRole>('moderator')
  const [password, setPassword] = useState('')
  const [reason, setReason] = useState('')
  const [enrollment, setEnrollment] = useState<string | null>(null)
  const action = useConsoleAction()
  const { busy, error, status } = action

  async function run(call: () => Promise<void>) {
    const done = await action.run(async () => {
      await call()
      return t('console.staff.done')
    })
    if (done) revalidator.revalidate()
  }

  const create = (event: FormEvent) => {
    event.preventDefault()
    void run(async () => {
      const created = await callApi(api.createStaff, { body: { email, role, password }, retries: 0 })
      setEnrollment(created.otpauth_url)
      setEmail('')
      setPassword('')
    })
  }
  const update = (body: {
    staff: number
    role?: StaffRole
    status?: 'active' | 'disabled'
    reset_second_factor?: true
  }) =>
    run(async () => {
      await callApi(api.updateStaff, { body: { ...body, reason }, retries: 0 })
    })

  return (
    <>
      <title>{t('console.staff.title')}</title>
      <h1 className="h4">{t('console.staff.title')}</h1>
      <p className="small text-body-secondary">{t('console.staff.intro')}</p>
      <ActionFeedback status={status} error={error} />
      <form className="row g-2 align-items-end mb-3" onSubmit={create}>
        <div className="col-sm-4">
          <label className="form-label small" htmlFor="staff-email">
            {t('console.staff.email')}
          </label>
          <input
            id="staff-email"
            type="email"
            required
            className="form-control form-control-sm"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="col-sm-2">
          <label className="form-label small" htmlFor="staff-role">
            {t('console.staff.role')}
          </label>
          <select
            id="staff-role"
            className="form-select form-select-sm"
            value={role}
            onChange={(e) => setRole(e.target.value as StaffRole)}
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`console.roles.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-4">
          <label className="form-label small" htmlFor="staff-password">
            {t('console.staff.password')}
          </label>
          <input
            id="staff-password"
            type="password"
            autoComplete="new-password"
            minLength={12}
            required
            className="form-control form-control-sm"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <div className="col-auto">
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
            {t('console.staff.create')}
          </button>
        </div>
      </form>
      {enrollment ? (
        <div className="alert alert-info small text-break" role="note">
          {t('console.staff.madeWithLink')} <code>{enrollment}</code>
        </div>
      ) : null}
      <div className="mb-2" style={{ maxWidth: 480 }}>
        <label className="form-label small" htmlFor="staff-reason">
          {t('console.staff.reason')}
        </label>
        <input
          id="staff-reason"
          className="form-control form-control-sm"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <div className="table-responsive">
        <table className="table table-sm align-middle small" data-testid="staff-table">
          <thead>
            <tr>
              <th scope="col">{t('console.staff.email')}</th>
              <th scope="col">{t('console.staff.role')}</th>
              <th scope="col">{t('console.staff.status')}</th>
              <th scope="col">{t('console.staff.enrolled')}</th>
              <th scope="col">{t('console.staff.created')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('console.staff.save')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {loaderData.accounts.map((s) => {
              const me = s.id === loaderData.me
              return (
                <tr key={s.id}>
                  <td className="text-break">
                    {s.email}{' '}
                    {me ? <span className="badge text-bg-light">{t('console.staff.you')}</span> : null}
                  </td>
                  <td>
                    <select
                      className="form-select form-select-sm"
                      aria-label={`${t('console.staff.role')}: ${s.email}`}
                      value={s.role}
                      disabled={me || busy}
                      onChange={(e) => void update({ staff: s.id, role: e.target.value as StaffRole })}
                    >
                      {STAFF_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {t(`console.roles.${r}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>{s.status}</td>
                  <td>{s.enrolled ? t('console.staff.yes') : t('console.staff.no')}</td>
                  <td className="text-nowrap">{s.created_at.slice(0, 10)}</td>
                  <td className="text-nowrap">
                    {me ? null : (
                      <>
                        <button
                          type="button"
                          className="btn btn-outline-secondary btn-sm me-1"
                          disabled={busy}
                          onClick={() =>
                            void update({
                              staff: s.id,
                              status: s.status === 'active' ? 'disabled' : 'active',
                            })
                          }
                        >
                          {s.status === 'active' ? t('console.staff.disable') : t('console.staff.enable')}
                        </button>
                        <button
                          type="button"
                          className="btn btn-outline-danger btn-sm"
                          disabled={busy}
                          onClick={() => void update({ staff: s.id, reset_second_factor: true })}
                        >
                          {t('console.staff.reset')}
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </>
  )
}
