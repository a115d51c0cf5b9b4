import { useEffect, useMemo, useRef } from 'react'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useParams,
  useRevalidator,
  useRouteLoaderData,
} from 'react-router'
import { api } from '#common/api.ts'
import { THEME_COLOR } from '#common/constants.ts'
import type { Route } from './+types/root'
import { ErrorPage } from './components/error-page.tsx'
import { PageLoadProgress } from './components/page-load-progress.tsx'
import { StagingBanner } from './components/staging-banner.tsx'
import { createI18n, I18nProvider, pageStrings, useLoadedLocale } from './i18n.ts'
import { callApi, SESSION_EXPIRED_EVENT } from './lib/api-client.ts'
import { DocumentHead, whenHydrated } from './lib/hydration.ts'
import { watchPageBounce } from './lib/page-bounce.ts'
import { captureTracking, countVisit } from './lib/tracking.ts'
import { loadRoot } from './root.server.ts'
import { MemberState } from './routes/layouts/member-state.tsx'
import appCss from './styles/app.css?url'
// Bootstrap without the rules no page matches, made by the build (tools/purge-bootstrap.ts).
import bootstrapCss from './styles/bootstrap.generated.css?url'

export const links: Route.LinksFunction = () => [
  // With a precedence React writes them first in the head, before the scripts' modulepreloads it
  // hoists there: the page's first paint waits on them, not on forty scripts (ADR 21).
  { rel: 'stylesheet', href: bootstrapCss, precedence: 'page' },
  { rel: 'stylesheet', href: appCss, precedence: 'page' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/app-192.png' },
]

export async function loader({ context }: Route.LoaderArgs) {
  return loadRoot(context)
}

/**
 * The root's data is the session's and the site's, not the page's: a search filter or a page of
 * results (the same page, another query) does not load it again. An action and an explicit
 * revalidation do, and so does a move to another page.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const mutation = formMethod !== undefined && formMethod.toUpperCase() !== 'GET'
  if (!mutation && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search)
    return false
  return defaultShouldRevalidate
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  // A language chosen in the menu or on /lang-config shows once its strings are here.
  const locale = useLoadedLocale(data?.locale ?? 'en')
  const i18n = useMemo(() => createI18n(locale), [locale])
  const { pathname } = useLocation()
  const { slug } = useParams()
  return (
    <html lang={locale}>
      <DocumentHead>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        <Meta />
        <Links />
        {/* The strings the page hydrates with (app/i18n.ts), fetched alongside its scripts. */}
        {pageStrings(locale, pathname, slug).map((bundle) => (
          <link
            key={bundle.url}
            rel="preload"
            href={bundle.url}
            as="fetch"
            crossOrigin="anonymous"
            data-strings={bundle.locale}
          />
        ))}
      </DocumentHead>
      <body>
        <I18nProvider i18n={i18n}>
          {data?.staging ? <StagingBanner /> : null}
          <PageLoadProgress />
          {children}
        </I18nProvider>
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const revalidator = useRevalidator()
  const revalidate = useRef(revalidator.revalidate)
  revalidate.current = revalidator.revalidate
  useEffect(() => {
    // Marks the page as interactive once its later parts are too (end-to-end tests wait for it
    // before they type or click).
    void whenHydrated().then(() => {
      document.documentElement.dataset.hydrated = 'true'
    })
    captureTracking(window)
    countVisit(window, (tracking) => callApi(api.visit, { body: tracking, retries: 0 }))
    const stopBounce = watchPageBounce(window)
    // A member endpoint said the session is gone: reload the page's data as a visitor, quietly.
    const onExpired = () => void revalidate.current()
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired)
    return () => {
      stopBounce()
      window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired)
    }
  }, [])
  return (
    <MemberState>
      <Outlet />
    </MemberState>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main className="container py-5">
      <ErrorPage error={error} />
    </main>
  )
}
