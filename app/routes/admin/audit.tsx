import { Form, Link } from 'react-router'
import { useTranslation } from '../../i18n.ts'
import type { Route } from './+types/audit'
import { loadAudit } from './admin.server.ts'
import { auditChanges } from './audit-change.ts'
import { ConsoleTime } from './console-time.tsx'

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadAudit(context, request)
}

/** What the action changed, a field a line: "status: active → disabled". */
function Change({ before, after }: { before: unknown; after: unknown }) {
  const changes = auditChanges(before, after)
  if (changes.length === 0) return null
  return (
    <ul className="list-unstyled mb-0">
      {changes.map((c) => (
        <li key={c.field}>
          <span className="text-body-secondary">{c.field}:</span> {c.value}{' '}
          {c.before !== undefined ? <del>{c.before}</del> : null}
          {c.before !== undefined && c.after !== undefined ? ' → ' : null}
          {c.after !== undefined ? <ins className="text-decoration-none fw-semibold">{c.after}</ins> : null}
        </li>
      ))}
    </ul>
  )
}

/** /admin/audit: every staff action, newest first; filter by staff, action or target. */
export default function Audit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { entries, has_more, filter } = loaderData
  // A column's heading, and each cell's label when the rows stack on a phone.
  const label = (column: string) => t(`console.audit.${column}`)
  const older = new URLSearchParams(
    Object.entries({ ...filter, before: String(entries.at(-1)?.id ?? '') }).filter(([, v]) => v) as [
      string,
      string,
    ][],
  )
  return (
    <>
      <title>{t('console.audit.title')}</title>
      <h1 className="h4 mb-3">{t('console.audit.title')}</h1>
      <Form method="get" className="row g-2 align-items-end mb-3" role="search">
        <div className="col-sm-4 col-lg-3">
          <label className="form-label small" htmlFor="audit-staff">
            {t('console.audit.staff')}
          </label>
          <input
            id="audit-staff"
            name="staff"
            type="email"
            className="form-control form-control-sm"
            defaultValue={filter.staff ?? ''}
          />
        </div>
        <div className="col-sm-3 col-lg-2">
          <label className="form-label small" htmlFor="audit-action">
            {t('console.audit.action')}
          </label>
          <input
            id="audit-action"
            name="action"
            className="form-control form-control-sm"
            placeholder="staff."
            defaultValue={filter.action ?? ''}
          />
        </div>
        <div className="col-sm-3 col-lg-2">
          <label className="form-label small" htmlFor="audit-target">
            {t('console.audit.target')}
          </label>
          <input
            id="audit-target"
            name="target"
            className="form-control form-control-sm"
            placeholder="member:42"
            defaultValue={filter.target ?? ''}
          />
        </div>
        <div className="col-auto">
          <button type="submit" className="btn btn-primary btn-sm">
            {t('console.audit.filter')}
          </button>
        </div>
      </Form>
      {entries.length === 0 ? (
        <p className="text-body-secondary">{t('console.audit.empty')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle small stack-on-phone" data-testid="audit-table">
            <thead>
              <tr>
                <th scope="col">{label('when')}</th>
                <th scope="col">{label('staff')}</th>
                <th scope="col">{label('action')}</th>
                <th scope="col">{label('target')}</th>
                <th scope="col">{label('reason')}</th>
                <th scope="col">{label('change')}</th>
                <th scope="col">{label('ip')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td className="text-md-nowrap" data-label={label('when')}>
                    <ConsoleTime at={e.created_at} length="second" />
                  </td>
                  <td data-label={label('staff')}>
                    {e.role === 'cli' ? (
                      t('console.roles.cli')
                    ) : (
                      <>
                        {e.staff_email}{' '}
                        <span className="text-body-secondary">({t(`console.roles.${e.role}`, e.role)})</span>
                      </>
                    )}
                  </td>
                  <td data-label={label('action')}>
                    <span>{t(`console.audit.actions.${e.action}`, e.action)}</span>
                    <br />
                    <code className="small">{e.action}</code>
                  </td>
                  <td className="text-md-nowrap" data-label={label('target')}>
                    {e.target_type === 'member' ? (
                      <Link to={`/admin/members/${e.target_id}`}>{`${e.target_type}:${e.target_id}`}</Link>
                    ) : e.target_type ? (
                      `${e.target_type}:${e.target_id}`
                    ) : (
                      ''
                    )}
                  </td>
                  <td data-label={label('reason')}>{e.reason}</td>
                  <td
                    className="text-break"
                    style={{ maxWidth: 360 }}
                    data-testid="audit-change"
                    data-label={label('change')}
                  >
                    <Change before={e.before} after={e.after} />
                  </td>
                  <td data-label={label('ip')}>{e.ip}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {has_more ? (
        <Link className="btn btn-outline-secondary btn-sm" to={`/admin/audit?${older}`}>
          {t('console.audit.older')}
        </Link>
      ) : null}
    </>
  )
}
