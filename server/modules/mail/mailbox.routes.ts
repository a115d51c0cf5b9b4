import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { escapeHtml } from '#common/escape-html.ts'
import { AppError } from '#server/lib/errors.ts'
import type { MailService } from './mail.service.ts'

/** Escapes a mail's text part and turns its URLs into links. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
}

/** A browser on the server's own machine, with no proxy in between (the demo of `npm start`). */
function fromThisMachine(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? ''
  const loopback = address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.')
  return (
    loopback && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined
  )
}

/**
 * /dev/mailbox, where mails stay in the outbox: the outbox, newest first, with clickable links. A
 * production server on the outbox shows every member's reset and activation links there, so it
 * answers only staff logged in to the console, or a browser on the server's own machine (the demo
 * a newcomer runs); a visitor of a staging site never sees it (issue 36, point 11).
 */
export const mailboxRoutes: FastifyPluginAsync<{ mail: MailService; staffOnly: boolean }> = async (
  app,
  { mail, staffOnly },
) => {
  app.get('/dev/mailbox', async (request, reply) => {
    if (staffOnly && !request.staff?.verified && !fromThisMachine(request))
      throw new AppError('staff.required', 401)
    const mails = await mail.recent(50)
    const items = mails
      .map(
        (m) => `<article class="mail">
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.toAddress)}</strong> · ${m.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC · ${
    m.sentAt ? 'sent by SMTP' : m.lastError ? `not sent: ${escapeHtml(m.lastError)}` : 'in the outbox'
  }</p>
  <pre>${linkify(m.text)}</pre>
</article>`,
      )
      .join('\n')
    const texts = (await mail.recentSms(20))
      .map(
        (m) => `<article class="mail sms">
  <p class="meta">SMS to <strong>${escapeHtml(m.toPhone)}</strong> · ${m.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC · SMS outbox</p>
  <pre>${escapeHtml(m.text)}</pre>
</article>`,
      )
      .join('\n')
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox (development)</title>
<style>body{font-family:system-ui,sans-serif;max-width:52rem;margin:0 auto;padding:1rem;color:#222}
.mail{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#555;font-size:.9rem}
pre{white-space:pre-wrap;word-break:break-word;font:inherit}h2{font-size:1.1rem;margin:0}</style></head>
<body><h1>Mailbox</h1><p>Mails and text messages the application wrote, newest first. On a production server: for staff, or a browser on this machine.</p>
<h2>Text messages</h2>
${texts || '<p>No text message yet.</p>'}
<h2>Mails</h2>
${items || '<p>No mail yet.</p>'}</body></html>`
  })
}
