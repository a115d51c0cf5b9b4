import { Form, Link } from 'react-router'
import { DocumentTitle } from '../../components/document-title.tsx'
import { useTranslation } from '../../i18n.ts'
import type { Route } from './+types/members'
import { loadMemberLookup } from './admin.server.ts'
import { statusLabel } from './status-label.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadMemberLookup(context, request)
}

/** /admin/members: find a member by number, address, payment reference or name (support). */
export default function Members({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { q, members } = loaderData
  return (
    <>
      <DocumentTitle title={t('console.members.title')} />
      <h1 className="h4 mb-3">{t('console.members.title')}</h1>
      <Form method="get" className="d-flex flex-wrap gap-2 align-items-end mb-3" role="search">
        <div style={{ minWidth: 260, flex: '0 1 420px' }}>
          <label className="form-label small" htmlFor="member-q">
            {t('console.members.search')}
          </label>
          <input
            id="member-q"
            name="q"
            className="form-control"
            defaultValue={q}
            required
            aria-describedby="member-q-help"
            // biome-ignore lint/a11y/noAutofocus: the page exists to search; staff type at once
            autoFocus
          />
        </div>
        <button type="submit" className="btn btn-primary">
          {t('console.members.find')}
        </button>
        <p className="form-text w-100 mb-0" id="member-q-help">
          {t('console.members.searchHelp')}
        </p>
      </Form>
      {q && members.length === 0 ? <p className="text-body-secondary">{t('console.members.none')}</p> : null}
      {members.length > 0 ? (
        <div className="table-responsive">
          <table className="table table-sm align-middle" data-testid="member-hits">
            <tbody>
              {members.map((m) => (
                <tr key={m.user_id}>
                  <td>
                    <Link to={`/admin/members/${m.user_id}`}>
                      #{m.user_id} {m.name}
                    </Link>
                  </td>
                  <td className="text-break">{m.email}</td>
                  <td>{m.site}</td>
                  <td>
                    <span className="badge text-bg-light">{statusLabel(t, 'account', m.status)}</span>
                  </td>
                  <td className="small text-nowrap">{m.signup_date.slice(0, 10)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  )
}
