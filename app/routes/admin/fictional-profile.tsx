import { Link, useRevalidator } from 'react-router'
import { api } from '#common/api.ts'
import { PromptEditor } from '../../features/profile-prompts/index.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { step } from '../../lib/call-action.server.ts'
import { useFetcherForm } from '../../lib/page-form.ts'
import type { Route } from './+types/fictional-profile'
import { loadFictionalProfile } from './admin.server.ts'
import { consoleAction } from './console-action.server.ts'
import { ActionFeedback, useConsoleAction } from './console-ui.tsx'
import { fictionalFromForm } from './fictional-form.server.ts'
import { type FictionalFields, FictionalForm, traitFields } from './fictional-form.tsx'

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadFictionalProfile(context, params.id)
}

export async function action({ context, request }: Route.ActionArgs) {
  return consoleAction(context, request, {
    update: step({
      call: api.updateFictional,
      read: (fields, form) => ({ ...fictionalFromForm(fields, form), profile: Number(fields.profile) }),
    }),
    'remove-photo': step({
      call: api.removeFictionalPhoto,
    }),
  })
}

/**
 * /admin/fictional/{id}: edit a fictional profile, its photos, and its prompts and opening moves
 * (issue 61, written by operators and disclosed with the profile). Its fictional flag is fixed. The
 * profile's form and a photo's removal post to the page's action; a photo is added by the upload
 * call (a file, with its own size and type checks).
 */
export default function FictionalProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const profile = loaderData.profile
  const removing = useFetcherForm('fictional-remove-photo', 'remove-photo', actionData)
  const revalidator = useRevalidator()
  const { busy, error, status, run } = useConsoleAction()
  const upload = (file: File) =>
    run(async () => {
      await callApi(api.addFictionalPhoto, { form: { profile: profile.id }, file, retries: 0 })
      await revalidator.revalidate()
      return t('console.fictional.photoAdded')
    })
  const leaving = Number(removing.fetcher.formData?.get('photo'))
  const photos = profile.photos.filter((p) => p.id !== leaving)

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
      <ActionFeedback
        status={removing.done ? t('console.fictional.photoRemoved') : status}
        error={removing.message ?? error}
      />
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
            submitLabel={t('console.fictional.save')}
            savedLabel={t('console.fictional.saved')}
            action={`/admin/fictional/${profile.id}?intent=update`}
            intent="update"
            hidden={{ profile: profile.id }}
            interests={loaderData.interests}
            knownRegions={loaderData.regions}
            pageAnswer={actionData}
          />
          <div className="mt-4">
            <PromptEditor
              initial={loaderData.prompts}
              save={(input) =>
                callApi(api.saveFictionalPrompts, { body: { ...input, profile: profile.id }, retries: 0 })
              }
            />
          </div>
        </div>
        <section className="col-lg-5" aria-labelledby="fictional-photos">
          <h2 className="h6" id="fictional-photos">
            {t('console.fictional.photos')}
          </h2>
          <ul className="list-unstyled d-flex flex-wrap gap-2" data-testid="fictional-photos">
            {photos.map((p, i) => (
              <li key={p.id} className="text-center">
                <img
                  src={p.thumb_filename}
                  alt={`${profile.name} ${i + 1}`}
                  width={96}
                  height={96}
                  className="rounded d-block mb-1"
                />
                <removing.fetcher.Form
                  method="post"
                  action={`/admin/fictional/${profile.id}?intent=remove-photo`}
                >
                  <button
                    type="submit"
                    name="photo"
                    value={p.id}
                    className="btn btn-outline-danger btn-sm"
                    disabled={removing.busy}
                  >
                    {t('console.fictional.removePhoto')}
                  </button>
                </removing.fetcher.Form>
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
