import { useState } from 'react'
import { Link, redirect } from 'react-router'
import { api } from '#common/api.ts'
import { useTranslation } from '../../i18n.ts'
import { step } from '../../lib/call-action.server.ts'
import type { Route } from './+types/fictional'
import { loadFictionalProfiles } from './admin.server.ts'
import { consoleAction } from './console-action.server.ts'
import { fictionalFromForm } from './fictional-form.server.ts'
import { type FictionalFields, FictionalForm, traitFields } from './fictional-form.tsx'

export async function loader({ context }: Route.LoaderArgs) {
  return loadFictionalProfiles(context)
}

export async function action({ context, request }: Route.ActionArgs) {
  return consoleAction(context, request, {
    // Made: its own page, where its photos are added.
    create: step({
      call: api.createFictional,
      read: (fields, form) => ({ ...fictionalFromForm(fields, form), site: Number(fields.site) }),
      answer: ({ profile }) => redirect(`/admin/fictional/${profile.id}`),
    }),
  })
}

/** /admin/fictional: the fictional profiles of every site, and a new one. */
export default function FictionalProfiles({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const [siteId, setSiteId] = useState(loaderData.sites[0]?.id ?? 0)
  const site = loaderData.sites.find((s) => s.id === siteId)
  const blank: FictionalFields = {
    name: '',
    date_of_birth: '',
    gender: 'female',
    sexuality: 'straight',
    country: site?.countries[0] ?? '',
    city: '',
    about: '',
    traits: traitFields({}),
    region_id: null,
    interests: [],
  }

  return (
    <>
      <title>{t('console.fictional.title')}</title>
      <h1 className="h4">{t('console.fictional.title')}</h1>
      <p className="small text-body-secondary">{t('console.fictional.intro')}</p>
      <div className="row g-3">
        <div className="col-lg-7">
          {loaderData.profiles.length === 0 ? (
            <p className="text-body-secondary">{t('console.fictional.empty')}</p>
          ) : (
            <ul className="list-group" data-testid="fictional-list">
              {loaderData.profiles.map((p) => (
                <li key={p.profile_id} className="list-group-item d-flex gap-2 align-items-center">
                  {p.thumb_url ? (
                    <img src={p.thumb_url} alt="" width={40} height={40} className="rounded" />
                  ) : (
                    <span
                      className="d-inline-block rounded bg-body-secondary"
                      style={{ width: 40, height: 40 }}
                    />
                  )}
                  <Link to={`/admin/fictional/${p.profile_id}`} className="flex-grow-1">
                    {p.name}, {p.age}
                  </Link>
                  <span className="small text-body-secondary">
                    {p.site} · {p.country} · {t('console.fictional.photoCount', { count: p.photos })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <section className="col-lg-5" aria-labelledby="fictional-new">
          <div className="card">
            <div className="card-body">
              <h2 className="h6" id="fictional-new">
                {t('console.fictional.new')}
              </h2>
              <label className="form-label small" htmlFor="fictional-site">
                {t('console.fictional.site')}
              </label>
              {/* The site is chosen before the form (its countries): the form carries it. */}
              <select
                id="fictional-site"
                className="form-select form-select-sm mb-2"
                value={siteId}
                onChange={(e) => setSiteId(Number(e.target.value))}
              >
                {loaderData.sites.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
              <FictionalForm
                key={siteId}
                initial={blank}
                countries={site?.countries ?? []}
                submitLabel={t('console.fictional.create')}
                savedLabel={t('console.fictional.created')}
                action="/admin/fictional?intent=create"
                intent="create"
                hidden={{ site: siteId }}
                interests={loaderData.interests}
                pageAnswer={actionData}
              />
            </div>
          </div>
        </section>
      </div>
    </>
  )
}
