import { Outlet } from 'react-router'
import { ErrorPage } from '../../components/error-page.tsx'
import { SiteEntryWarning } from '../../components/modals/site-entry-warning.tsx'
import type { Route } from './+types/chat-layout'

/** Visitors reaching a chat come from campaigns in these countries only. */
const CHAT_ENTRY_WARNING_COUNTRIES = ['NL', 'DE'] as const

/** Chat layout (spec section 2): bare, with the entry warning limited to NL and DE. */
export default function ChatLayout() {
  return (
    <main id="main">
      <Outlet />
      <SiteEntryWarning allowedCountries={CHAT_ENTRY_WARNING_COUNTRIES} />
    </main>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main className="container">
      <ErrorPage error={error} />
    </main>
  )
}
