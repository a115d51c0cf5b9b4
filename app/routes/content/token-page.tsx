import type { Route } from './+types/token-page'
import { ContentArticle } from './content-article.tsx'
import { loadContentPage, TOKEN_PAGES } from './content.server.ts'

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadContentPage(context, params.token, TOKEN_PAGES)
}

export default function TokenPage({ loaderData }: Route.ComponentProps) {
  return <ContentArticle title={loaderData.title} html={loaderData.html} />
}
