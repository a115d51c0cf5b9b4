import { Outlet } from 'react-router'
import { ErrorPage } from '../../components/error-page.tsx'
import type { Route } from './+types/empty-layout'

/** Empty layout (spec section 2): the page alone, for landing pages from campaigns. */
export default function EmptyLayout() {
  return (
    <main id="main">
      <Outlet />
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
