import { useState } from 'react'
import { api } from '#common/api.ts'
import type { PublicProfile } from '#common/schemas/members.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { apiErrorMessage } from '../../lib/form-errors.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { useLoginPrompt } from '../accounts/index.ts'
import { useLikesStore } from './likes-store.tsx'

/** Whether the member likes this profile, from the likes store (fresh after every like). */
export function useLikedState(profileId: number): boolean {
  const { likes } = useLikesStore()
  return likes?.profiles.some((p) => p.id === profileId && p.liked) ?? false
}

/**
 * Like or unlike (POST / DELETE /api/like.php). A visitor is asked to log in (spec section 6); a
 * like back opens the match modal.
 */
export function LikeButton({
  profile,
  variant = 'full',
}: {
  profile: PublicProfile
  variant?: 'full' | 'icon'
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const { user } = useRootData()
  const store = useLikesStore()
  const promptLogin = useLoginPrompt()
  const liked = useLikedState(profile.id)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const toggle = async () => {
    if (!user) {
      promptLogin(t('likes.loginToLike', { name: profile.name }))
      return
    }
    setBusy(true)
    setError(null)
    try {
      const result = await callApi(liked ? api.unlike : api.like, { body: { profile: profile.id } })
      store.liked(profile, result.liked, result.match)
    } catch (failure) {
      setError(apiErrorMessage(failure, t, t('likes.failed')))
    } finally {
      setBusy(false)
    }
  }

  const label = liked ? t('likes.unlike', { name: profile.name }) : t('likes.like', { name: profile.name })
  return (
    <>
      <button
        type="button"
        className={
          variant === 'icon'
            ? `btn like-button like-button-icon rounded-circle ${liked ? 'btn-danger' : 'btn-light'}`
            : `btn like-button ${liked ? 'btn-danger' : 'btn-outline-danger'}`
        }
        aria-pressed={liked}
        aria-label={variant === 'icon' ? label : undefined}
        title={variant === 'icon' ? label : undefined}
        onClick={toggle}
        disabled={!hydrated || busy}
      >
        <span aria-hidden="true">{liked ? '♥' : '♡'}</span>
        {variant === 'full' ? (
          <span className="ms-1">{liked ? t('likes.liked') : t('likes.likeShort')}</span>
        ) : null}
      </button>
      {error ? (
        <p className="text-danger small mb-0 like-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  )
}
