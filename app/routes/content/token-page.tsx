import type { Route } from './+types/token-page'
import { loadContentPage, TOKEN_PAGES } from './content.server.ts'
import { ContentArticle } from './content-article.tsx'

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadContentPage(context, params.token, TOKEN_PAGES)
}

export default function TokenPage({ loaderData }: Route.ComponentProps) {
  return <ContentArticle title={loaderData.title} html={loaderData.html} />
}
