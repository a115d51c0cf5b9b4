import { useTranslation } from '../../i18n.ts'

/**
 * The verified badge (issue 37): a member whose live check matched their main photo. Its name is
 * read aloud and shown as a tooltip; fictional profiles never carry it.
 */
export function VerifiedBadge({ className = '' }: { className?: string }) {
  const { t } = useTranslation()
  return (
    <span
      className={`verified-badge ${className}`}
      role="img"
      aria-label={t('verify.badge')}
      title={t('verify.badgeHint')}
      data-testid="verified-badge"
    >
      <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 1.5 14.6 4l3.5-.5.9 3.4 3.1 1.7-1.4 3.3 1.4 3.3-3.1 1.7-.9 3.4-3.5-.5L12 22.5 9.4 20l-3.5.5-.9-3.4-3.1-1.7L3.3 12 1.9 8.7 5 7l.9-3.4 3.5.5z"
        />
        <path fill="#fff" d="m10.6 15.6-3.3-3.3 1.4-1.4 1.9 1.9 4.7-4.7 1.4 1.4z" />
      </svg>
    </span>
  )
}
