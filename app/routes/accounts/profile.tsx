import { FREE_PHOTO_LIMIT, PREMIUM_PHOTO_LIMIT } from '#common/constants.ts'
import { PageTitle } from '../../components/page-title.tsx'
import { DataExport } from '../../features/profile/data-export.tsx'
import { OwnPhotos } from '../../features/profile/own-photos.tsx'
import { ProfileForm } from '../../features/profile/profile-form.tsx'
import { PromptEditor } from '../../features/profile-prompts/index.ts'
import { VerifyPrompt } from '../../features/verification/index.ts'
import { VoicePromptEditor } from '../../features/voice-prompt/index.ts'
import { useTranslation } from '../../i18n.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import type { Route } from './+types/profile'
import { loadProfilePage, saveProfile } from './profile.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return loadProfilePage(context)
}

export async function action({ context, request }: Route.ActionArgs) {
  return saveProfile(context, request)
}

/** My profile: photos and everything others see of me. */
export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { settings, user } = useRootData()
  const limit = user?.paid_user ? PREMIUM_PHOTO_LIMIT : FREE_PHOTO_LIMIT
  return (
    <div className="container py-4" style={{ maxWidth: 880 }}>
      <PageTitle title={t('profilePage.title')} />
      <h1 className="h3 mb-4">{t('profilePage.title')}</h1>
      <OwnPhotos photos={loaderData.profile.photos} limit={limit} />
      <VerifyPrompt verified={loaderData.profile.verified} photos={loaderData.profile.photos.length} />
      <PromptEditor initial={loaderData.prompts} />
      <VoicePromptEditor voice={loaderData.voice} name={loaderData.profile.name} />
      <ProfileForm
        key={loaderData.profile.id}
        profile={loaderData.profile}
        countries={loaderData.countries}
        visibleFields={settings.visible_profile_fields}
        showAbout={settings.visible_profile_notes.includes('about')}
        interests={loaderData.interests}
        regions={loaderData.regions}
        pageAnswer={actionData}
      />
      <DataExport pageAnswer={actionData} />
    </div>
  )
}
