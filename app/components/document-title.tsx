import { useEffect } from 'react'

/**
 * The tab's title. On the server React puts the <title> in the head; in the browser the page sets
 * document.title, which its count of unread messages changes without the head being rendered again.
 */
export function DocumentTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = title
  }, [title])
  return typeof document === 'undefined' ? <title>{title}</title> : null
}
