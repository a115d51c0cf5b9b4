import type { Locale } from '#common/constants.ts'
import { escapeHtml } from '#common/escape-html.ts'
import { translator } from './i18n.ts'

/** What a mail shows of its brand (a site, as lib/ knows it: by shape, not by module). */
export interface MailBrand {
  settings: { name: string; support_email: string }
  company: { name: string }
}

interface MailContent {
  subject: string
  greeting: string
  paragraphs: string[]
  button?: { label: string; url: string }
  /** Links in the content, below the button: a receipt's withdrawal link. */
  links?: { label: string; url: string }[]
  after?: string[]
  /** Links below the content: a notification mail's unsubscribe and settings. */
  footerLinks?: { label: string; url: string }[]
}

/** A branded mail in the member's language: an HTML part and a plain-text part with the same content. */
export function renderMail(
  site: MailBrand,
  locale: Locale,
  content: MailContent,
): { subject: string; html: string; text: string } {
  const t = translator(locale)
  const brand = site.settings.name
  const footer = t('mail.footer', {
    name: brand,
    company: site.company.name,
    email: site.settings.support_email,
  })
  // "Label: link" as the language writes it (French puts a narrow no-break space before the colon).
  const labelled = (label: string, value: string) => t('common.labelled', { label, value })
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.button ? [labelled(content.button.label, content.button.url), ''] : []),
    ...(content.links ?? []).flatMap((link) => [labelled(link.label, link.url), '']),
    ...(content.after ?? []).flatMap((p) => [p, '']),
    '--',
    ...(content.footerLinks ?? []).map((link) => labelled(link.label, link.url)),
    footer,
  ].join('\n')
  const p = (value: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(value)}</p>`
  const button = content.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.button.url)}" style="background:#c2185b;color:#fff;padding:12px 24px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(content.button.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(t('mail.linkFallback'))}<br><a href="${escapeHtml(content.button.url)}" style="color:#ad1457;word-break:break-all">${escapeHtml(content.button.url)}</a></p>`
    : ''
  const inline = (content.links ?? [])
    .map(
      (link) =>
        `<p style="margin:0 0 16px"><a href="${escapeHtml(link.url)}" style="color:#ad1457">${escapeHtml(link.label)}</a></p>`,
    )
    .join('')
  const links = content.footerLinks?.length
    ? `<p style="font-size:12px;color:#666;margin:16px 0 0">${content.footerLinks
        .map((link) => `<a href="${escapeHtml(link.url)}" style="color:#666">${escapeHtml(link.label)}</a>`)
        .join(' · ')}</p>`
    : ''
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;background:#f6f1f3;font-family:Arial,Helvetica,sans-serif;color:#222">
<div style="max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:22px;font-weight:700;color:#c2185b;margin:0 0 16px">&#9829; ${escapeHtml(brand)}</p>
<div style="background:#fff;border-radius:8px;padding:24px">
${p(content.greeting)}${content.paragraphs.map(p).join('')}${button}${inline}${(content.after ?? []).map(p).join('')}
</div>
${links}<p style="font-size:12px;color:#666;margin:16px 0 0">${escapeHtml(footer)}</p>
</div></body></html>`
  return { subject: content.subject, html, text }
}
