import { Link } from 'react-router'
import { useTranslation } from '../../i18n.ts'
import { VerifiedBadge } from '../members/index.ts'

/**
 * On the member's profile (issue 37): that their profile is verified, or, once they have a photo,
 * the invitation to the live check.
 */
export function VerifyPrompt({ verified, photos }: { verified: boolean; photos: number }) {
  const { t } = useTranslation()
  if (verified)
    return (
      <p className="alert alert-success d-flex gap-2 align-items-center mb-4" role="status">
        <VerifiedBadge />
        <span>{t('verify.profileVerified')}</span>
      </p>
    )
  if (photos === 0) return null
  return (
    <section className="card card-body shadow-sm mb-4 verify-prompt" aria-labelledby="verify-prompt-title">
      <h2 id="verify-prompt-title" className="h6 d-flex gap-2 align-items-center mb-1">
        <VerifiedBadge />
        {t('verify.title')}
      </h2>
      <p className="mb-2 small">{t('verify.prompt')}</p>
      <Link to="/verify" className="btn btn-outline-primary btn-sm align-self-start">
        {t('verify.promptLink')}
      </Link>
    </section>
  )
}
