import { useRootData } from '../../lib/use-root-data.ts'

/** The site's fictional icon, with its warning as the accessible name and tooltip. */
export function FictionalBadge() {
  const { settings } = useRootData()
  return (
    <span
      className="fictional-badge"
      title={settings.fictional_warning}
      role="img"
      aria-label={settings.fictional_singular}
    >
      {settings.fictional_icon}
    </span>
  )
}
