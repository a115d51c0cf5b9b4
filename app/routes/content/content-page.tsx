import type { Route } from './+types/content-page'
import { CONTENT_PAGES, loadContentPage } from './content.server.ts'
import { ContentArticle } from './content-article.tsx'

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadContentPage(context, params.page, CONTENT_PAGES)
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return <ContentArticle title={loaderData.title} html={loaderData.html} />
}
