import { Link, Outlet } from 'react-router'
import { ErrorPage } from '../../components/error-page.tsx'
import { Footer } from '../../components/footer.tsx'
import { SignupModalProvider } from '../../features/accounts/signup-modal.tsx'
import { useTranslation } from '../../i18n.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import type { Route } from './+types/lander-layout'

function LanderNavbar() {
  const { t } = useTranslation()
  const { settings } = useRootData()
  return (
    <header className="lander-nav py-3">
      <div className="container">
        <Link
          to="/"
          className="brand text-decoration-none"
          aria-label={t('nav.home', { name: settings.name })}
        >
          <span className="brand-mark" aria-hidden="true">
            ♥
          </span>
          <span className="brand-name">{settings.name}</span>
        </Link>
      </div>
    </header>
  )
}

/**
 * Lander layout: a simple navbar with the logo, the page, the footer (spec section 2); a lander's
 * sign-up opens the sign-up modal on a desktop and the sign-up page on a phone (issue 19).
 */
export default function LanderLayout() {
  return (
    <SignupModalProvider>
      <div className="d-flex flex-column min-vh-100 lander">
        <LanderNavbar />
        <main id="main" className="flex-grow-1">
          <Outlet />
        </main>
        <Footer />
      </div>
    </SignupModalProvider>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="d-flex flex-column min-vh-100">
      <LanderNavbar />
      <main className="container flex-grow-1">
        <ErrorPage error={error} />
      </main>
      <Footer />
    </div>
  )
}
