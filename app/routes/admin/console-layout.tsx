import { Form, isRouteErrorResponse, NavLink, Outlet, useMatches } from 'react-router'
import { ErrorPage } from '../../components/error-page.tsx'
import { useConsoleStrings, useTranslation } from '../../i18n.ts'
import type { Route } from './+types/console-layout'
import { ShortcutsHelp } from './shortcuts-help.tsx'

type Staff = { email: string; role: string }

/** The console's pages and the roles that see them (admins see all; the loaders check the same). */
const CONSOLE_PAGES: ReadonlyArray<{ to: string; label: string; roles: readonly string[] }> = [
  { to: '/admin', label: 'console.dashboard.title', roles: ['moderator', 'support', 'operator'] },
  { to: '/admin/inbox', label: 'console.nav_inbox', roles: ['operator'] },
  { to: '/admin/fictional', label: 'console.nav_fictional', roles: ['operator'] },
  { to: '/admin/photos', label: 'console.nav_photos', roles: ['moderator'] },
  { to: '/admin/reports', label: 'console.nav_reports', roles: ['moderator'] },
  { to: '/admin/signals', label: 'console.nav_signals', roles: ['moderator'] },
  { to: '/admin/verifications', label: 'console.nav_verifications', roles: ['moderator'] },
  { to: '/admin/bans', label: 'console.nav_bans', roles: ['moderator'] },
  { to: '/admin/members', label: 'console.nav_members', roles: ['support', 'moderator'] },
  { to: '/admin/settings', label: 'console.nav_settings', roles: [] },
  { to: '/admin/catalog', label: 'console.nav_catalog', roles: [] },
  { to: '/admin/content', label: 'console.nav_content', roles: [] },
  { to: '/admin/payments', label: 'console.nav_payments', roles: ['support'] },
  { to: '/admin/statistics', label: 'console.nav_statistics', roles: [] },
  { to: '/admin/staff', label: 'console.nav_staff', roles: [] },
  { to: '/admin/audit', label: 'console.audit.title', roles: [] },
]

/** The console's own frame (ADR 15): its navigation, who is logged in and with which role. */
export default function ConsoleLayout() {
  const ready = useConsoleStrings()
  const { t } = useTranslation()
  // Each console page's loader answers the staff member; the layout shows them.
  const who = useMatches()
    .map((m) => (m.loaderData as { staff?: Staff } | null | undefined)?.staff)
    .find((s) => s !== undefined)
  // Reached by a link from the site: the console's strings are on their way.
  if (!ready) return <div className="console min-vh-100" aria-busy="true" />
  return (
    <div className="console min-vh-100 d-flex flex-column">
      <a className="visually-hidden-focusable" href="#console-main">
        {t('console.skip')}
      </a>
      <header className="navbar navbar-expand bg-dark" data-bs-theme="dark">
        <nav className="container-fluid flex-wrap gap-2" aria-label={t('console.nav')}>
          <span className="navbar-brand">{t('console.title')}</span>
          {who ? (
            <>
              <ul className="navbar-nav flex-wrap">
                {CONSOLE_PAGES.filter((p) => who.role === 'admin' || p.roles.includes(who.role)).map((p) => (
                  <li className="nav-item" key={p.to}>
                    <NavLink className="nav-link" to={p.to} end={p.to === '/admin'}>
                      {t(p.label)}
                    </NavLink>
                  </li>
                ))}
              </ul>
              <div className="d-flex align-items-center gap-3 ms-auto mw-100">
                <span className="navbar-text small text-truncate" data-testid="console-staff">
                  {who.email} · {t(`console.roles.${who.role}`)}
                </span>
                {/* The login page's action ends the session; the login page loads afresh. */}
                <Form method="post" action="/admin/login?intent=logout">
                  <button type="submit" className="btn btn-outline-light btn-sm text-nowrap">
                    {t('console.logout')}
                  </button>
                </Form>
              </div>
            </>
          ) : null}
        </nav>
      </header>
      <main id="console-main" className="container-fluid py-3 flex-grow-1" tabIndex={-1}>
        <Outlet />
      </main>
      {who ? <ShortcutsHelp /> : null}
    </div>
  )
}

/** A console page refused to the staff member's role: which roles it is for, and the way back. */
function Forbidden({ roles, role }: { roles: string[]; role: string }) {
  const { t } = useTranslation()
  return (
    <section className="py-4" aria-labelledby="forbidden-title">
      <title>{t('console.forbidden.title')}</title>
      <h1 className="h4" id="forbidden-title">
        {t('console.forbidden.title')}
      </h1>
      <p data-testid="console-forbidden">
        {t('console.forbidden.body', {
          roles: roles.map((r) => t(`console.roles.${r}`)).join(t('console.forbidden.or')),
          role: t(`console.roles.${role}`),
        })}
      </p>
      {/* A document load: the refused page's error state is left behind entirely. */}
      <a href="/admin" className="btn btn-primary btn-sm">
        {t('console.forbidden.back')}
      </a>
    </section>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const ready = useConsoleStrings()
  const { t } = useTranslation()
  const refused =
    isRouteErrorResponse(error) && error.status === 403 && error.data && typeof error.data === 'object'
      ? (error.data as { roles?: string[]; role?: string })
      : null
  if (refused?.roles && refused.role && ready)
    return (
      <div className="console min-vh-100 d-flex flex-column">
        <header className="navbar bg-dark" data-bs-theme="dark">
          <div className="container-fluid">
            <a className="navbar-brand" href="/admin">
              {t('console.title')}
            </a>
          </div>
        </header>
        <main id="console-main" className="container-fluid flex-grow-1">
          <Forbidden roles={refused.roles} role={refused.role} />
        </main>
      </div>
    )
  return (
    <main className="container py-4">
      <ErrorPage error={error} />
    </main>
  )
}
