import { useTranslation } from 'react-i18next'
import { Link, NavLink } from 'react-router'
import { ChatIcon } from '../../components/icons.tsx'
import { AccountMenu } from '../../components/navigation/account-menu.tsx'
import { BadgeLink } from '../../components/navigation/badge-link.tsx'
import { InstalledBackButton } from '../../components/navigation/installed-back-button.tsx'
import { LanguageMenu } from '../../components/navigation/language-menu.tsx'
import { useChatsStore } from '../../features/chat/index.ts'
import { useLikesStore } from '../../features/likes/index.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { CreditsLink } from './credits-link.tsx'

/** The top navigation: for members search and the account menu, for visitors the Login button. */
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
            className="btn btn-sm btn-link text-decoration-none px-1"
            aria-label={t('account.search')}
          >
            <svg
              aria-hidden="true"
              width="18"
              height="18"
              viewBox="0 0 16 16"
              fill="currentColor"
              className="me-sm-1"
            >
              <path d="M11.7 10.3a6.5 6.5 0 1 0-1.4 1.4l3.6 3.6a1 1 0 0 0 1.4-1.4l-3.6-3.6ZM6.5 11a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Z" />
            </svg>
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
