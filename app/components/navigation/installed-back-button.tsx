import { useEffect, useState } from 'react'
import { useLocation, useMatches, useNavigate } from 'react-router'
import { useTranslation } from '../../i18n.ts'
import { isInstalledApp } from '../../lib/installed-app.ts'

/** The pages with a Back button in the installed app (spec section 2), by route id. */
const WITH_BACK = new Set([
  'routes/members/member',
  'likes-type',
  'routes/likes/liked-member',
  'routes/credits/credits',
  'routes/credits/checkout',
])

/**
 * The installed app has no browser toolbar: on the pages one reaches from a list, a Back button
 * returns to it when there is somewhere to go back to (history longer than 1).
 */
export function InstalledBackButton() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const here = useMatches().some((match) => WITH_BACK.has(match.id))
  const [shown, setShown] = useState(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the history grows with each navigation
  useEffect(() => {
    setShown(here && isInstalledApp(window) && window.history.length > 1)
  }, [here, location.key])
  if (!shown) return null
  return (
    <button
      type="button"
      className="btn btn-sm btn-link text-decoration-none px-1 installed-back"
      onClick={() => navigate(-1)}
      data-testid="installed-back"
    >
      <svg aria-hidden="true" width="18" height="18" viewBox="0 0 16 16" fill="currentColor">
        <path d="M10.7 2.3a1 1 0 0 1 0 1.4L6.4 8l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0Z" />
      </svg>
      <span className="d-none d-sm-inline">{t('nav.back')}</span>
      <span className="visually-hidden d-sm-none">{t('nav.back')}</span>
    </button>
  )
}
