import { useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { api } from '#common/api.ts'
import { CONTENT_PLACEHOLDERS } from '#common/content-pages.ts'
import type { ContentPageResponse } from '#common/schemas/content.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { apiErrorMessage } from '../../lib/form-errors.ts'
import { type FormAnswer, useFetcherForm, withIntent } from '../../lib/page-form.ts'
import { ActionFeedback } from './console-ui.tsx'

type Answer = { ok: true; intent: string; result: ContentPageResponse } | FormAnswer

/** How long the preview waits after the last key before it asks the server. */
const PREVIEW_DELAY_MS = 400

/**
 * A content page's markdown beside its preview, rendered by the server exactly as the site will
 * show it (placeholders filled, HTML shown as text). Ctrl+S saves. Saving and resetting post to
 * the content page's action (a fetcher), with or without the page's scripts.
 */
export function ContentEditor({
  site,
  page,
  pageAnswer,
}: {
  site: number
  page: ContentPageResponse
  pageAnswer?: unknown
}) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const form = useFetcherForm<Answer>('content-page', ['save', 'reset'], pageAnswer)
  const to = (intent: string) => withIntent('/admin/content', search, intent)
  const saveButton = useRef<HTMLButtonElement>(null)
  const [markdown, setMarkdown] = useState(page.markdown)
  const [saved, setSaved] = useState(page.markdown)
  const busy = form.busy
  const done = form.done && form.answer?.ok ? form.answer : null
  const status = done
    ? done.intent === 'reset'
      ? t('console.content.resetDone')
      : t('console.content.saved')
    : ''
  const error = form.error
  // Saved or reset: the page as the server keeps it now.
  useEffect(() => {
    if (!done) return
    setMarkdown(done.result.markdown)
    setSaved(done.result.markdown)
  }, [done])
  const [preview, setPreview] = useState<{ title: string; html: string } | null>(null)
  const [previewError, setPreviewError] = useState<string | null>(null)

  useEffect(() => {
    const timer = setTimeout(() => {
      callApi(api.previewContentPage, { body: { site, language: page.language, markdown }, retries: 0 })
        .then((p) => {
          setPreview(p)
          setPreviewError(null)
        })
        .catch((e: unknown) => setPreviewError(apiErrorMessage(e, t)))
    }, PREVIEW_DELAY_MS)
    return () => clearTimeout(timer)
  }, [site, page.language, markdown, t])

  return (
    <section className="card mb-4" aria-labelledby="content-editing">
      <form.fetcher.Form method="post" action={to('save')} className="card-body" aria-busy={busy}>
        <input type="hidden" name="site" value={site} />
        <input type="hidden" name="name" value={page.name} />
        <input type="hidden" name="language" value={page.language} />
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h2 className="h5 mb-0 me-auto" id="content-editing">
            {t('console.content.editing', { title: preview?.title ?? page.name, language: page.language })}
            {markdown !== saved ? (
              <span className="badge text-bg-warning ms-2">{t('console.content.unsaved')}</span>
            ) : null}
          </h2>
          <button ref={saveButton} type="submit" className="btn btn-primary btn-sm" disabled={busy}>
            {t('console.content.save')} <kbd className="small">Ctrl+S</kbd>
          </button>
          {page.customized ? (
            <button
              type="submit"
              formAction={to('reset')}
              className="btn btn-outline-danger btn-sm"
              disabled={busy}
            >
              {t('console.content.reset')}
            </button>
          ) : null}
          <Link className="btn btn-outline-secondary btn-sm" to={`/admin/content?site=${site}`}>
            {t('console.content.close')}
          </Link>
        </div>
        <ActionFeedback status={status} error={error} />
        <div className="row g-3">
          <div className="col-lg-6">
            <label className="form-label small" htmlFor="content-markdown">
              {t('console.content.markdown')}
            </label>
            <textarea
              id="content-markdown"
              name="markdown"
              className="form-control font-monospace small"
              rows={22}
              value={markdown}
              onChange={(e) => setMarkdown(e.target.value)}
              onKeyDown={(e) => {
                if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
                  e.preventDefault()
                  saveButton.current?.click()
                }
              }}
              spellCheck
              lang={page.language}
            />
            <p className="small text-body-secondary mt-2 mb-0">
              {t('console.content.placeholders')}:{' '}
              {CONTENT_PLACEHOLDERS.map((p) => (
                <code key={p} className="me-2">{`{${p}}`}</code>
              ))}
            </p>
          </div>
          <div className="col-lg-6">
            <h3 className="form-label small fw-normal mb-2">{t('console.content.preview')}</h3>
            <div
              className="border rounded p-3 bg-body-tertiary content-preview"
              aria-live="polite"
              data-testid="content-preview"
            >
              {previewError ? (
                <p className="text-danger small mb-0">{previewError}</p>
              ) : preview ? (
                <article lang={page.language}>
                  <h1 className="h4">{preview.title}</h1>
                  {/* The server's rendering: HTML in the markdown is escaped, links are checked. */}
                  {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by the server's one rule */}
                  <div dangerouslySetInnerHTML={{ __html: preview.html }} />
                </article>
              ) : (
                <p className="text-body-secondary small mb-0">{t('console.content.previewLoading')}</p>
              )}
            </div>
          </div>
        </div>
      </form.fetcher.Form>
    </section>
  )
}
