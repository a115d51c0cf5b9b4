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

/**
 * The site's warning beside a like, a match or a profile of a fictional profile: wherever one shows,
 * its disclosure shows too, as on its page.
 */
export function FictionalDisclosure({
  className = 'small text-body-secondary mb-1',
}: {
  className?: string
}) {
  const { settings } = useRootData()
  return (
    <p className={className} role="note" data-testid="fictional-disclosure">
      {settings.fictional_warning}
    </p>
  )
}

/**
 * The site's warning once under a list of members (search, likes, matches, chats) when one of them
 * is fictional: the cards carry the mark, the list carries the sentence.
 */
export function FictionalListNote({ profiles }: { profiles: ReadonlyArray<{ fictional: boolean }> }) {
  return profiles.some((p) => p.fictional) ? (
    <FictionalDisclosure className="small text-body-secondary mt-2" />
  ) : null
}
