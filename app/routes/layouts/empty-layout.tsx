import { Outlet } from 'react-router'
import { ErrorPage } from '../../components/error-page.tsx'
import { SignupModalProvider } from '../../features/accounts/signup-modal.tsx'
import type { Route } from './+types/empty-layout'

/**
 * Empty layout (spec section 2): the page alone, for landing pages from campaigns, with the sign-up
 * modal (its sign-up links open it on a desktop; a phone goes to the sign-up page).
 */
export default function EmptyLayout() {
  return (
    <SignupModalProvider>
      <main id="main">
        <Outlet />
      </main>
    </SignupModalProvider>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main className="container">
      <ErrorPage error={error} />
    </main>
  )
}
