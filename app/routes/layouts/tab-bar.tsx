import type { ReactNode } from 'react'
import { NavLink } from 'react-router'
import { ChatIcon, HeartIcon, PersonIcon, SearchIcon } from '../../components/icons.tsx'
import { useChatsStore } from '../../features/chat/index.ts'
import { useLikesStore } from '../../features/likes/index.ts'
import { useTranslation } from '../../i18n.ts'
import { badgeText } from '../../lib/badge.ts'
import { useRootData } from '../../lib/use-root-data.ts'

function Tab(props: {
  to: string
  icon: ReactNode
  label: string
  count?: number
  named?: (badge: string) => string
  testId?: string
}) {
  const badge = badgeText(props.count ?? 0)
  return (
    <NavLink
      to={props.to}
      className="tab-bar-link"
      aria-label={badge && props.named ? props.named(badge) : props.label}
    >
      <span className="tab-bar-icon" aria-hidden="true">
        {props.icon}
        {badge ? (
          <span className="badge rounded-pill text-bg-danger tab-bar-badge" data-testid={props.testId}>
            {badge}
          </span>
        ) : null}
      </span>
      <span className="tab-bar-label" aria-hidden="true">
        {props.label}
      </span>
    </NavLink>
  )
}

/**
 * The phone's navigation (below 768 px): the four places a member goes, as tabs at the bottom of
 * the screen within the thumb's reach, with the counts of spec section 2. The desktop keeps the top
 * navigation of the spec.
 */
export function TabBar() {
  const { t } = useTranslation()
  const { user } = useRootData()
  const { newLikes } = useLikesStore()
  const { unread } = useChatsStore()
  if (!user) return null
  return (
    <nav className="tab-bar d-md-none" aria-label={t('nav.tabs')}>
      <Tab to="/members" icon={<SearchIcon size={22} />} label={t('nav.tabSearch')} />
      <Tab
        to="/likes"
        icon={<HeartIcon size={22} />}
        label={t('likes.nav')}
        count={newLikes}
        named={(badge) => t('likes.navNew', { count: newLikes, badge })}
        testId="tab-likes-badge"
      />
      <Tab
        to="/chats"
        icon={<ChatIcon size={22} />}
        label={t('chat.nav')}
        count={unread}
        named={(badge) => t('chat.navNew', { count: unread, badge })}
        testId="tab-messages-badge"
      />
      <Tab to="/profile" icon={<PersonIcon size={22} />} label={t('nav.tabProfile')} />
    </nav>
  )
}
