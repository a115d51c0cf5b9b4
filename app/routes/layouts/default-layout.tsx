import { Outlet } from 'react-router'
import { ErrorPage } from '../../components/error-page.tsx'
import type { Route } from './+types/default-layout'
import { DefaultShell } from './default-shell.tsx'

/** Default layout: top navigation, banners, footer with disclaimer, entry warning. */
export default function DefaultLayout() {
  return (
    <DefaultShell>
      <Outlet />
    </DefaultShell>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DefaultShell>
      <div className="container">
        <ErrorPage error={error} />
      </div>
    </DefaultShell>
  )
}
