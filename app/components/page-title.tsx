import { useRouteLoaderData } from 'react-router'
import { useAttention } from '../lib/attention.ts'
import { titleWithCount } from '../lib/badge.ts'
import type { RootData } from '../root.server.ts'
import { DocumentTitle } from './document-title.tsx'

/**
 * The page title followed by the site name (spec section 2), and the page's description and social
 * preview, which only the server's page carries (they are read by search engines and link previews).
 */
export function PageTitle({
  title,
  description,
  image,
}: {
  title?: string
  description?: string
  image?: string
}) {
  const root = useRouteLoaderData('root') as RootData | undefined
  const siteName = root?.settings.name ?? ''
  const full = title ? `${title} - ${siteName}` : siteName
  const attention = useAttention()
  const text = description ?? root?.settings.description
  const tab = <DocumentTitle title={titleWithCount(full, attention)} />
  if (typeof document !== 'undefined') return tab
  return (
    <>
      {tab}
      {text ? <meta name="description" content={text} /> : null}
      <meta property="og:title" content={full} />
      {text ? <meta property="og:description" content={text} /> : null}
      <meta property="og:site_name" content={siteName} />
      {image && root ? <meta property="og:image" content={new URL(image, root.origin).href} /> : null}
    </>
  )
}
