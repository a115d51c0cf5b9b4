import { Link, NavLink } from 'react-router'
import { ChatIcon, SearchIcon } from '../../components/icons.tsx'
import { AccountMenu } from '../../components/navigation/account-menu.tsx'
import { BadgeLink } from '../../components/navigation/badge-link.tsx'
import { InstalledBackButton } from '../../components/navigation/installed-back-button.tsx'
import { LanguageMenu } from '../../components/navigation/language-menu.tsx'
import { useChatsStore } from '../../features/chat/index.ts'
import { useLikesStore } from '../../features/likes/index.ts'
import { useTranslation } from '../../i18n.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { CreditsLink } from './credits-link.tsx'

/**
 * The top navigation: for members search, messages, likes, credits and the account menu (on phones
 * the logo, credits and the account menu: the tab bar holds the rest), for visitors the Login button.
 */
export function TopNav() {
  const { t } = useTranslation()
  const { settings, user } = useRootData()
  const { newLikes } = useLikesStore()
  const { unread } = useChatsStore()
  return (
    <header className={`top-nav border-bottom bg-white sticky-top${user ? ' top-nav-member' : ''}`}>
      <nav className="container d-flex align-items-center gap-1 gap-sm-2 py-2" aria-label={t('nav.main')}>
        <InstalledBackButton />
        <Link
          to={user ? '/members' : '/'}
          className="brand me-auto text-decoration-none"
          aria-label={t('nav.home', { name: settings.name })}
        >
          <span className="brand-mark" aria-hidden="true">
            ♥
          </span>
          <span className="brand-name">{settings.name}</span>
        </Link>
        {user ? (
          <NavLink
            to="/members"
            end
            className="btn btn-sm btn-link text-decoration-none px-1 d-none d-md-inline-block"
            aria-label={t('account.search')}
          >
            <span className="me-sm-1">
              <SearchIcon />
            </span>
            <span className="d-none d-sm-inline">{t('account.search')}</span>
          </NavLink>
        ) : null}
        {user ? (
          <BadgeLink
            to="/chats"
            icon={<ChatIcon />}
            label={t('chat.nav')}
            labelWithCount={(badge) => t('chat.navNew', { count: unread, badge })}
            count={unread}
            testId="messages-badge"
            className="d-none d-md-inline-block"
          />
        ) : null}
        {user ? (
          <BadgeLink
            to="/likes"
            icon="♥"
            label={t('likes.nav')}
            labelWithCount={(badge) => t('likes.navNew', { count: newLikes, badge })}
            count={newLikes}
            testId="likes-badge"
            className="d-none d-md-inline-block"
          />
        ) : null}
        {user ? <CreditsLink /> : null}
        <LanguageMenu />
        {user ? (
          <AccountMenu user={user} />
        ) : (
          <Link to="/login" className="btn btn-primary btn-sm px-3 text-nowrap">
            {t('nav.login')}
          </Link>
        )}
      </nav>
    </header>
  )
}
