import { useEffect, useRef, useState } from 'react'
import { Form, isRouteErrorResponse, NavLink, Outlet, useLocation, useMatches } from 'react-router'
import { CONSOLE_PAGES, type ConsolePage, mayOpen } from '#common/console-pages.ts'
import type { Locale } from '#common/constants.ts'
import type { StaffRole } from '#common/staff.ts'
import { ErrorPage } from '../../components/error-page.tsx'
import { FoldButton } from '../../components/fold-button.tsx'
import { useConsoleStrings, useTranslation } from '../../i18n.ts'
import type { Route } from './+types/console-layout'
import { ShortcutsHelp } from './shortcuts-help.tsx'

type Staff = { email: string; role: StaffRole }
type MenuPage = { to: string; label: string; roles: readonly StaffRole[] }
type MenuEntry = MenuPage | { group: string; pages: MenuPage[] }

/**
 * The menu: the pages of common/console-pages.ts that have a name, in its order, each group's pages
 * under the group's button, so that the menu holds on one row (issue 39). Admins see all; the
 * loaders check the same roles.
 */
const CONSOLE_MENU: readonly MenuEntry[] = (Object.values(CONSOLE_PAGES) as ConsolePage[]).reduce<
  MenuEntry[]
>((menu, page) => {
  if (!page.label) return menu
  const entry = { to: `/${page.path}`, label: page.label, roles: page.roles }
  const group = page.group && `console.menu.${page.group}`
  const opened = group && menu.find((e) => 'group' in e && e.group === group)
  if (!group) menu.push(entry)
  else if (opened && 'group' in opened) opened.pages.push(entry)
  else menu.push({ group, pages: [entry] })
  return menu
}, [])

/** A role that sees this few pages has them all on the menu's row, without groups. */
const FLAT_MENU_PAGES = 5

/** The menu a role sees: its pages, grouped when there are many, groups it sees nothing of left out. */
function menuFor(role: StaffRole) {
  const sees = (p: MenuPage) => mayOpen(role, p.roles)
  const entries = CONSOLE_MENU.map((entry) =>
    'group' in entry ? { ...entry, pages: entry.pages.filter(sees) } : entry,
  ).filter((entry) => ('group' in entry ? entry.pages.length > 0 : sees(entry)))
  const count = entries.reduce((n, e) => n + ('group' in e ? e.pages.length : 1), 0)
  return count <= FLAT_MENU_PAGES ? entries.flatMap((e) => ('group' in e ? e.pages : [e])) : entries
}

/**
 * A group of the menu: a button that opens its pages below it (a `details`, so it works without
 * scripts and by keyboard). It closes when a page is chosen, on Escape, and on a click elsewhere.
 */
function MenuGroup({ label, pages }: { label: string; pages: readonly MenuPage[] }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const box = useRef<HTMLDetailsElement>(null)
  const active = pages.some((p) => pathname === p.to || pathname.startsWith(`${p.to}/`))
  useEffect(() => {
    const close = (event: Event) => {
      const details = box.current
      if (!details?.open) return
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return
        details.open = false
        details.querySelector('summary')?.focus()
      } else if (!details.contains(event.target as Node)) details.open = false
    }
    document.addEventListener('pointerdown', close)
    document.addEventListener('keydown', close)
    return () => {
      document.removeEventListener('pointerdown', close)
      document.removeEventListener('keydown', close)
    }
  }, [])
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the group.
  useEffect(() => {
    if (box.current) box.current.open = false
  }, [pathname])
  return (
    <li className="nav-item">
      <details className="dropdown console-menu" ref={box}>
        <summary className={`nav-link dropdown-toggle${active ? ' active' : ''}`}>{t(label)}</summary>
        <ul className="dropdown-menu">
          {pages.map((p) => (
            <li key={p.to}>
              <NavLink className="dropdown-item" to={p.to}>
                {t(p.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </details>
    </li>
  )
}

/** The console's language: the staff member's own choice, kept on their account (issue 39). */
function LanguageChoice() {
  const { t, i18n } = useTranslation()
  const { pathname, search } = useLocation()
  const other = i18n.language === 'fr' ? 'en' : 'fr'
  return (
    <Form method="post" action="/admin/login?intent=language" reloadDocument>
      <input type="hidden" name="language" value={other} />
      <input type="hidden" name="back" value={`${pathname}${search}`} />
      <button
        type="submit"
        className="btn btn-outline-light btn-sm text-nowrap"
        lang={other}
        aria-label={t('console.languageChoice', { language: LANGUAGE_NAMES[other] })}
        data-testid="console-language"
      >
        {LANGUAGE_NAMES[other]}
      </button>
    </Form>
  )
}

/** Each language by its own name. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français' }

/** The console's own frame (ADR 15): its navigation, who is logged in and with which role. */
export default function ConsoleLayout() {
  const ready = useConsoleStrings()
  const { t } = useTranslation()
  const { pathname } = useLocation()
  // Each console page's loader answers the staff member; the layout shows them.
  const who = useMatches()
    .map((m) => (m.loaderData as { staff?: Staff } | null | undefined)?.staff)
    .find((s) => s !== undefined)
  // Below 768 px the pages' menu folds under a button, so that a page starts near the top.
  const [menuOpen, setMenuOpen] = useState(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page folds the menu again (a shortcut's too).
  useEffect(() => setMenuOpen(false), [pathname])
  // Reached by a link from the site: the console's strings are on their way.
  if (!ready) return <div className="console min-vh-100" aria-busy="true" />
  return (
    <div className="console min-vh-100 d-flex flex-column">
      <a className="visually-hidden-focusable" href="#console-main">
        {t('console.skip')}
      </a>
      <header className="navbar navbar-expand bg-dark" data-bs-theme="dark">
        {/* One row from 1200 px (the staff member's address gives way first); wrapped below. */}
        <nav className="container-fluid flex-wrap flex-xl-nowrap gap-2" aria-label={t('console.nav')}>
          <span className="navbar-brand">{t('console.title')}</span>
          {who ? (
            <>
              <FoldButton
                open={menuOpen}
                onToggle={() => setMenuOpen(!menuOpen)}
                controls="console-pages"
                className="btn-outline-light btn-sm"
              >
                <span className="navbar-toggler-icon console-menu-icon" aria-hidden="true" />{' '}
                {t('console.menuButton')}
              </FoldButton>
              {/* biome-ignore lint/a11y/useKeyWithClickEvents: a page chosen folds it, the open one too; the clicks are the links' own (Enter on a link clicks it). */}
              <ul
                id="console-pages"
                className={`navbar-nav flex-wrap flex-xl-nowrap console-pages${menuOpen ? '' : ' folded'}`}
                onClick={(event) => {
                  if ((event.target as Element).closest('a')) setMenuOpen(false)
                }}
              >
                {menuFor(who.role).map((entry) =>
                  'group' in entry ? (
                    <MenuGroup key={entry.group} label={entry.group} pages={entry.pages} />
                  ) : (
                    <li className="nav-item" key={entry.to}>
                      <NavLink className="nav-link" to={entry.to} end={entry.to === '/admin'}>
                        {t(entry.label)}
                      </NavLink>
                    </li>
                  ),
                )}
              </ul>
              <div className="d-flex align-items-center gap-2 ms-auto mw-100 console-who">
                <span
                  className="navbar-text small text-truncate"
                  data-testid="console-staff"
                  title={who.email}
                >
                  {who.email} · {t(`console.roles.${who.role}`)}
                </span>
                <LanguageChoice />
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
