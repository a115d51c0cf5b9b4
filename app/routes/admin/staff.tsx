import { useEffect, useRef } from 'react'
import { api } from '#common/api.ts'
import { STAFF_ROLES } from '#common/staff.ts'
import { useTranslation } from '../../i18n.ts'
import { step } from '../../lib/call-action.server.ts'
import { useFetcherForm } from '../../lib/page-form.ts'
import type { Route } from './+types/staff'
import { loadStaff } from './admin.server.ts'
import { consoleAction } from './console-action.server.ts'
import { ActionFeedback } from './console-ui.tsx'
import { statusLabel } from './status-label.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return loadStaff(context)
}

/**
 * A change to a colleague's account, from the table's one form: the button pressed (or the role
 * chosen) names it as `{staff}:{what}`, the reason field goes with every change.
 */
function readChange(fields: Record<string, string>) {
  const [staff = '', what = ''] = (fields.change ?? '').split(':')
  return {
    staff: Number(staff),
    reason: fields.reason,
    ...(what === 'role' ? { role: fields[`role_${staff}`] } : {}),
    ...(what === 'disable' || what === 'enable'
      ? { status: what === 'disable' ? 'disabled' : 'active' }
      : {}),
    ...(what === 'reset' ? { reset_second_factor: true } : {}),
  }
}

export async function action({ context, request }: Route.ActionArgs) {
  return consoleAction(context, request, {
    create: step({
      call: api.createStaff,
    }),
    update: step({
      call: api.updateStaff,
      read: readChange,
    }),
  })
}

type Answer = NonNullable<Route.ComponentProps['actionData']>

/**
 * /admin/staff: admins make staff accounts, change roles, disable them, reset second factors. The
 * forms post to the page's action (a fetcher each), with or without the page's scripts.
 */
export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const creating = useFetcherForm<Answer>('staff-create', 'create', actionData)
  const updating = useFetcherForm('staff-update', 'update', actionData)
  const createForm = useRef<HTMLFormElement>(null)
  const tableForm = useRef<HTMLFormElement>(null)
  const created = creating.answer?.ok ? creating.answer.result : null
  const enrollment = created && 'otpauth_url' in created ? created.otpauth_url : null
  // Made: the form is empty for the next one.
  useEffect(() => {
    if (creating.done) createForm.current?.reset()
  }, [creating.done])
  const busy = creating.busy || updating.busy
  const error = creating.error ?? updating.error
  const status = creating.done || updating.done ? t('console.staff.done') : ''
  // A role chosen is sent at once, with the reason typed above the table.
  const chooseRole = (staff: number) => {
    if (!tableForm.current) return
    const form = new FormData(tableForm.current)
    form.set('change', `${staff}:role`)
    void updating.fetcher.submit(form, { method: 'post', action: '/admin/staff?intent=update' })
  }

  return (
    <>
      <title>{t('console.staff.title')}</title>
      <h1 className="h4">{t('console.staff.title')}</h1>
      <p className="small text-body-secondary">{t('console.staff.intro')}</p>
      <ActionFeedback status={status} error={error} />
      <creating.fetcher.Form
        ref={createForm}
        method="post"
        action="/admin/staff?intent=create"
        className="row g-2 align-items-end mb-3"
        aria-busy={creating.busy}
      >
        <div className="col-sm-4">
          <label className="form-label small" htmlFor="staff-email">
            {t('console.staff.email')}
          </label>
          <input
            id="staff-email"
            name="email"
            type="email"
            required
            className="form-control form-control-sm"
            defaultValue={creating.values.email}
          />
        </div>
        <div className="col-sm-2">
          <label className="form-label small" htmlFor="staff-role">
            {t('console.staff.role')}
          </label>
          <select
            id="staff-role"
            name="role"
            className="form-select form-select-sm"
            defaultValue={creating.values.role ?? 'moderator'}
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
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={12}
            required
            className="form-control form-control-sm"
          />
        </div>
        <div className="col-auto">
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
            {t('console.staff.create')}
          </button>
        </div>
      </creating.fetcher.Form>
      {enrollment ? (
        <div className="alert alert-info small text-break" role="note">
          {t('console.staff.madeWithLink')} <code>{enrollment}</code>
        </div>
      ) : null}
      <updating.fetcher.Form
        ref={tableForm}
        method="post"
        action="/admin/staff?intent=update"
        aria-busy={updating.busy}
      >
        <div className="mb-2" style={{ maxWidth: 480 }}>
          <label className="form-label small" htmlFor="staff-reason">
            {t('console.staff.reason')}
          </label>
          <input
            id="staff-reason"
            name="reason"
            className="form-control form-control-sm"
            defaultValue={updating.values.reason}
          />
        </div>
        <div className="table-responsive">
          <table className="table table-sm align-middle small stack-on-phone" data-testid="staff-table">
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
                    <td className="text-break" data-label={t('console.staff.email')}>
                      {s.email}{' '}
                      {me ? <span className="badge text-bg-light">{t('console.staff.you')}</span> : null}
                    </td>
                    <td data-label={t('console.staff.role')}>
                      <div className="d-flex gap-1">
                        <select
                          className="form-select form-select-sm"
                          name={`role_${s.id}`}
                          aria-label={`${t('console.staff.role')}: ${s.email}`}
                          // A new key once saved: the select shows the role the loader gives.
                          key={s.role}
                          defaultValue={s.role}
                          disabled={me || busy}
                          onChange={() => chooseRole(s.id)}
                        >
                          {STAFF_ROLES.map((r) => (
                            <option key={r} value={r}>
                              {t(`console.roles.${r}`)}
                            </option>
                          ))}
                        </select>
                        {/* Without the scripts, a role is saved with its own button. */}
                        <noscript>
                          <button
                            type="submit"
                            name="change"
                            value={`${s.id}:role`}
                            className="btn btn-outline-primary btn-sm"
                          >
                            {t('console.staff.save')}
                          </button>
                        </noscript>
                      </div>
                    </td>
                    <td data-label={t('console.staff.status')}>{statusLabel(t, 'staff', s.status)}</td>
                    <td data-label={t('console.staff.enrolled')}>
                      {s.enrolled ? t('console.staff.yes') : t('console.staff.no')}
                    </td>
                    <td className="text-md-nowrap" data-label={t('console.staff.created')}>
                      {s.created_at.slice(0, 10)}
                    </td>
                    <td className="text-md-nowrap">
                      {me ? null : (
                        <>
                          <button
                            type="submit"
                            name="change"
                            value={`${s.id}:${s.status === 'active' ? 'disable' : 'enable'}`}
                            className="btn btn-outline-secondary btn-sm me-1"
                            disabled={busy}
                          >
                            {s.status === 'active' ? t('console.staff.disable') : t('console.staff.enable')}
                          </button>
                          <button
                            type="submit"
                            name="change"
                            value={`${s.id}:reset`}
                            className="btn btn-outline-danger btn-sm"
                            disabled={busy}
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
      </updating.fetcher.Form>
    </>
  )
}
