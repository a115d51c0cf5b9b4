import { Link } from 'react-router'
import { api } from '#common/api.ts'
import { dateTimeFormat } from '#common/intl.ts'
import { useTranslation } from '../../i18n.ts'
import { step } from '../../lib/call-action.server.ts'
import type { Route } from './+types/content'
import { loadContentPages } from './admin.server.ts'
import { consoleAction } from './console-action.server.ts'
import { SiteSelect } from './console-ui.tsx'
import { ContentEditor } from './content-editor.tsx'

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadContentPages(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return consoleAction(context, request, {
    save: step({
      call: api.saveContentPage,
    }),
    reset: step({
      call: api.resetContentPage,
      read: ({ markdown: _, ...fields }) => fields,
    }),
  })
}

/** /admin/content: each site's content pages in both languages; the one opened is edited below. */
export default function Content({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pages, siteId, editing, terms_date } = loaderData
  const date = (iso: string) =>
    dateTimeFormat(i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(new Date(iso))
  return (
    <>
      <title>{t('console.content.title')}</title>
      <h1 className="h4">{t('console.content.title')}</h1>
      <p className="small text-body-secondary">{t('console.content.intro')}</p>
      <SiteSelect sites={loaderData.sites} current={siteId} page="/admin/content" />
      <p className="small">
        {t('console.content.termsDate', {
          date: dateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
            new Date(terms_date),
          ),
        })}
      </p>
      {editing ? (
        <ContentEditor
          key={`${siteId}-${editing.name}-${editing.language}`}
          site={siteId}
          page={editing}
          pageAnswer={actionData}
        />
      ) : null}
      <div className="table-responsive">
        <table className="table table-sm table-striped align-middle small">
          <thead>
            <tr>
              <th scope="col">{t('console.content.page')}</th>
              <th scope="col">{t('console.content.language')}</th>
              <th scope="col">{t('console.content.state')}</th>
              <th scope="col">{t('console.content.updated')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('console.content.edit')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {pages.map((p) => {
              const current = editing?.name === p.name && editing.language === p.language
              return (
                <tr key={`${p.name}-${p.language}`} aria-current={current ? 'true' : undefined}>
                  <td>
                    {p.title} <span className="text-body-secondary font-monospace">/{p.name}</span>
                  </td>
                  <td>{p.language}</td>
                  <td>
                    {p.customized ? (
                      <span className="badge text-bg-primary">{t('console.content.customized')}</span>
                    ) : (
                      <span className="badge text-bg-light">{t('console.content.bundled')}</span>
                    )}
                  </td>
                  <td className="text-nowrap">{p.updated_at ? date(p.updated_at) : '—'}</td>
                  <td>
                    <Link
                      className="btn btn-outline-primary btn-sm"
                      to={`/admin/content?site=${siteId}&name=${p.name}&language=${p.language}`}
                      aria-label={`${t('console.content.edit')}: ${p.title} (${p.language})`}
                    >
                      {t('console.content.edit')}
                    </Link>
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
