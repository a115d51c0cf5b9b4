import type { PublicProfile } from '#common/schemas/members.ts'
import type { TFunction } from '../../i18n.ts'
import { useRootData } from '../../lib/use-root-data.ts'

/** What each lander design is given. */
export interface LanderProps {
  /** Real visible members of the visitor's country (faces first). */
  members: PublicProfile[]
  /** Where sign-up is (the modal on a desktop), with the tracking of the address. */
  signupTo: string
  /** The copy's language (the slug's, else the visitor's). */
  t: TFunction
}

/** Under every lander: the fictional disclosure when a fictional member is shown, adults only. */
export function LanderFootnotes({
  members,
  t,
  className = '',
}: Pick<LanderProps, 'members' | 't'> & { className?: string }) {
  const { settings } = useRootData()
  return (
    <div className={`small mt-3 ${className}`}>
      {members.some((m) => m.fictional) ? <p className="mb-1">{settings.fictional_warning}</p> : null}
      <p className="mb-0">{t('home.adultsOnly')}</p>
    </div>
  )
}

/** A member's photo for a lander, sized and lazy below the first screen. */
export function MemberPhoto({
  member,
  t,
  size = 240,
  eager = false,
  first = false,
  className,
}: {
  member: PublicProfile
  t: TFunction
  size?: number
  eager?: boolean
  /** The page's largest image, likely its largest paint: fetched before the others. */
  first?: boolean
  className?: string
}) {
  if (!member.main_image) return null
  return (
    <img
      src={size > 240 ? member.main_image.filename : member.main_image.thumb_filename}
      alt={t('members.photoOf', { name: member.name })}
      width={size}
      height={size}
      loading={eager || first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : undefined}
      className={className}
    />
  )
}
