import { useState } from 'react'
import { Link } from 'react-router'
import { api } from '#common/api.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import type { Route } from './+types/fictional-profile'
import { loadFictionalProfile } from './admin.server.ts'
import { ActionFeedback, useConsoleAction } from './console-ui.tsx'
import { type FictionalFields, FictionalForm, fictionalBody, traitFields } from './fictional-form.tsx'

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadFictionalProfile(context, params.id)
}

/** /admin/fictional/{id}: edit a fictional profile and its photos. Its fictional flag is fixed. */
export default function FictionalProfile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const [profile, setProfile] = useState(loaderData.profile)
  const { busy, error, status, run } = useConsoleAction()

  const save = (fields: FictionalFields) =>
    run(async () => {
      const saved = await callApi(api.updateFictional, {
        body: { ...fictionalBody(fields), profile: profile.id },
        retries: 0,
      })
      setProfile(saved.profile)
      return t('console.fictional.saved')
    })
  const upload = (file: File) =>
    run(async () => {
      const saved = await callApi(api.addFictionalPhoto, { form: { profile: profile.id }, file, retries: 0 })
      setProfile(saved.profile)
      return t('console.fictional.photoAdded')
    })
  const remove = (photo: number) =>
    run(async () => {
      const saved = await callApi(api.removeFictionalPhoto, { body: { photo }, retries: 0 })
      setProfile(saved.profile)
      return t('console.fictional.photoRemoved')
    })

  return (
    <>
      <title>{profile.name}</title>
      <p className="mb-1">
        <Link to="/admin/fictional">← {t('console.fictional.title')}</Link>
      </p>
      <h1 className="h4">
        {profile.name}, {profile.age}{' '}
        <span className="badge text-bg-info align-middle">{t('console.fictional.flag')}</span>
      </h1>
      <ActionFeedback status={status} error={error} />
      <div className="row g-3">
        <div className="col-lg-7">
          <FictionalForm
            initial={{
              name: profile.name,
              date_of_birth: profile.date_of_birth,
              gender: profile.gender as FictionalFields['gender'],
              sexuality: (profile.sexuality ?? 'straight') as FictionalFields['sexuality'],
              country: profile.country,
              city: profile.city ?? '',
              about: profile.about ?? '',
              traits: traitFields(profile),
              region_id: profile.region_id,
              interests: profile.interests,
            }}
            countries={loaderData.countries}
            busy={busy}
            submitLabel={t('console.fictional.save')}
            onSubmit={(fields) => void save(fields)}
          />
        </div>
        <section className="col-lg-5" aria-labelledby="fictional-photos">
          <h2 className="h6" id="fictional-photos">
            {t('console.fictional.photos')}
          </h2>
          <ul className="list-unstyled d-flex flex-wrap gap-2" data-testid="fictional-photos">
            {profile.photos.map((p, i) => (
              <li key={p.id} className="text-center">
                <img
                  src={p.thumb_filename}
                  alt={`${profile.name} ${i + 1}`}
                  width={96}
                  height={96}
                  className="rounded d-block mb-1"
                />
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm"
                  onClick={() => void remove(p.id)}
                >
                  {t('console.fictional.removePhoto')}
                </button>
              </li>
            ))}
          </ul>
          <label className="form-label small" htmlFor="fictional-photo">
            {t('console.fictional.addPhoto')}
          </label>
          <input
            id="fictional-photo"
            type="file"
            accept="image/*"
            className="form-control form-control-sm"
            disabled={busy}
            onChange={(e) => {
              const file = e.target.files?.[0]
              if (file) void upload(file)
              e.target.value = ''
            }}
          />
        </section>
      </div>
    </>
  )
}
