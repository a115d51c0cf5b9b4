import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useRootData } from '../../lib/use-root-data.ts'
import { LanguageMenu } from './language-menu.tsx'

/** The top navigation; logged out it offers the Login button and the language menu. */
export function TopNav() {
  const { t } = useTranslation()
  const { settings } = useRootData()
  return (
    <header className="top-nav border-bottom bg-white sticky-top">
      <nav className="container d-flex align-items-center gap-2 py-2" aria-label={t('nav.main')}>
        <Link
          to="/"
          className="brand me-auto text-decoration-none"
          aria-label={t('nav.home', { name: settings.name })}
        >
          <span className="brand-mark" aria-hidden="true">
            ♥
          </span>
          <span className="brand-name">{settings.name}</span>
        </Link>
        <LanguageMenu />
        <Link to="/login" className="btn btn-primary btn-sm px-3">
          {t('nav.login')}
        </Link>
      </nav>
    </header>
  )
}
