import { useEffect, useRef, useState } from 'react'
import { useLocation, useMatches, useNavigate } from 'react-router'
import { api } from '#common/api.ts'
import type { PublicProfile } from '#common/schemas/members.ts'
import { Modal } from '../../components/modal.tsx'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { useRegionName } from '../../lib/country-names.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { SignupLink } from '../accounts/index.ts'
import { FictionalBadge, FictionalDisclosure } from '../members/index.ts'
import { LikeButton, useLikedState } from './like-button.tsx'

/** The longest timer the t parameter may set: an hour. */
const MAX_DELAY_S = 3600

/** The member of the page being shown (a member page), if any. */
function usePageProfile(): PublicProfile | null {
  const matches = useMatches()
  for (const match of [...matches].reverse()) {
    const data = match.loaderData as { profile?: PublicProfile } | undefined
    if (data?.profile && typeof data.profile.id === 'number') return data.profile
  }
  return null
}

/** Someone to ask about: the page's member, else the next swipe card (members) or search result (visitors). */
async function suggestion(loggedIn: boolean): Promise<PublicProfile | null> {
  if (loggedIn) return (await callApi(api.swipeDeck, { retries: 0 })).profiles[0] ?? null
  return (await callApi(api.members, { query: {}, retries: 0 })).profiles[0] ?? null
}

/**
 * The like modal (spec section 2): after the number of seconds in query parameter t, which then
 * leaves the address, it asks whether the member likes someone.
 */
export function LikeModal() {
  const { t } = useTranslation()
  const regionName = useRegionName()
  const { user } = useRootData()
  const location = useLocation()
  const navigate = useNavigate()
  const pageProfile = usePageProfile()
  const [profile, setProfile] = useState<PublicProfile | null>(null)
  const [delay, setDelay] = useState<number | null>(null)

  // Take t out of the address at once, keeping everything else.
  useEffect(() => {
    const params = new URLSearchParams(location.search)
    const raw = params.get('t')
    if (raw === null) return
    params.delete('t')
    const seconds = Number(raw)
    if (Number.isFinite(seconds) && seconds >= 0) setDelay(Math.min(seconds, MAX_DELAY_S))
    const search = params.toString()
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true },
    )
  }, [location, navigate])

  // The timer belongs to the delay alone: the member's data is read when it fires. (It used to
  // depend on the member too, so the refresh that follows a member's page load tore it down while
  // the suggestion loaded, and a logged-in member never saw the modal.)
  const latest = useRef({ pageProfile, loggedIn: user !== null })
  latest.current = { pageProfile, loggedIn: user !== null }
  useEffect(() => {
    if (delay === null) return
    let cancelled = false
    const timer = setTimeout(async () => {
      try {
        const next = latest.current.pageProfile ?? (await suggestion(latest.current.loggedIn))
        if (!cancelled && next) setProfile(next)
      } catch {
        // Nobody to suggest: no modal.
      }
      if (!cancelled) setDelay(null)
    }, delay * 1000)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [delay])

  const liked = useLikedState(profile?.id ?? 0)
  const close = () => setProfile(null)
  return (
    <Modal show={profile !== null} onHide={close} centered id="like-modal" aria-labelledby="like-modal-title">
      {profile ? (
        <>
          <Modal.Header closeButton closeLabel={t('likes.close')}>
            <Modal.Title as="h2" className="h5" id="like-modal-title">
              {t('likes.modal.title', { name: profile.name })}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body className="text-center">
            {profile.main_image ? (
              <img
                src={profile.main_image.filename}
                alt={t('members.photoOf', { name: profile.name })}
                className="img-fluid rounded mb-3 like-modal-photo"
              />
            ) : null}
            <p className="h5 mb-1">
              {profile.name}, {profile.age} {profile.fictional ? <FictionalBadge /> : null}
            </p>
            <p className="text-body-secondary">{profile.city ?? regionName(profile)}</p>
            {profile.fictional ? <FictionalDisclosure /> : null}
            <div className="d-flex justify-content-center flex-wrap gap-2">
              {user ? (
                liked ? (
                  <p className="text-success mb-0" role="status">
                    {t('likes.modal.done', { name: profile.name })}
                  </p>
                ) : (
                  <LikeButton profile={profile} />
                )
              ) : (
                <SignupLink className="btn btn-primary" onClick={close}>
                  {t('likes.modal.signup', { name: profile.name })}
                </SignupLink>
              )}
              <button type="button" className="btn btn-outline-secondary" onClick={close}>
                {t('likes.modal.notNow')}
              </button>
            </div>
          </Modal.Body>
        </>
      ) : null}
    </Modal>
  )
}
