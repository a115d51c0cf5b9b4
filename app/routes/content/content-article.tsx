import { PageTitle } from '../../components/page-title.tsx'

/** A content page: title and its rendered text (from our own markdown, values escaped). */
export function ContentArticle({ title, html }: { title: string; html: string }) {
  return (
    <div className="container py-4 py-md-5">
      <PageTitle title={title} />
      <article className="content-page mx-auto">
        <h1 className="mb-4">{title}</h1>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own markdown; interpolated values are escaped */}
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </article>
    </div>
  )
}
