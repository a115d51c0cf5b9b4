import { useEffect } from 'react'

/**
 * The tab's title. On the server React puts the <title> in the head; in the browser the page sets
 * document.title, since Preact (ADR 23) renders a <title> where it stands, not in the head.
 */
export function DocumentTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = title
  }, [title])
  return typeof document === 'undefined' ? <title>{title}</title> : null
}
