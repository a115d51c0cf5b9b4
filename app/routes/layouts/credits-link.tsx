import { NavLink } from 'react-router'
import { useTranslation } from '../../i18n.ts'
import { creditsBadge } from '../../lib/credits-badge.ts'
import { useMember } from '../../lib/member.tsx'

/**
 * Paid members see their credits, with a badge when they run low (creditsBadge); other members see
 * Get Premium (spec section 2).
 */
export function CreditsLink() {
  const { t } = useTranslation()
  const { user } = useMember()
  if (!user) return null
  if (!user.paid_user) {
    return (
      <NavLink
        to="/premium"
        className="btn btn-sm btn-outline-primary text-nowrap px-2"
        aria-label={t('premium.getPremium')}
      >
        {/* Phones: the tab bar took the other links, so the word fits beside the star. */}
        <span className="d-sm-none" aria-hidden="true">
          ★ {t('premium.short')}
        </span>
        <span className="d-none d-sm-inline" aria-hidden="true">
          {t('premium.getPremium')}
        </span>
      </NavLink>
    )
  }
  const badge = creditsBadge(user.credits)
  const low = badge !== null
  return (
    <NavLink
      to="/credits"
      className="btn btn-sm btn-link text-decoration-none px-1 text-nowrap"
      aria-label={
        low ? t('credits.navLow', { count: user.credits }) : t('credits.nav', { count: user.credits })
      }
    >
      {low ? (
        <span
          className={`badge rounded-pill ${badge === 'warning' ? 'text-bg-warning' : 'text-bg-danger'}`}
          data-testid="credits-badge"
          aria-hidden="true"
        >
          {user.credits}
        </span>
      ) : (
        <span aria-hidden="true">{user.credits}</span>
      )}
      <span className="d-none d-md-inline ms-1" aria-hidden="true">
        {t('pricing.credits')}
      </span>
    </NavLink>
  )
}
