import type { Presence } from '#common/schemas/members.ts'
import { useTranslation } from '../../i18n.ts'

/** "Online now" (a green dot) or "Active today"; nothing for invisible members and fictional profiles (ADR 19). */
export function PresenceBadge({ presence, className = '' }: { presence: Presence; className?: string }) {
  const { t } = useTranslation()
  if (!presence) return null
  return (
    <span className={`presence presence-${presence} small ${className}`} data-testid="presence">
      {presence === 'online' ? <span className="presence-dot" aria-hidden="true" /> : null}
      {t(`members.presence.${presence}`)}
    </span>
  )
}
