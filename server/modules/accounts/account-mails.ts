import type { Locale } from '#common/constants.ts'
import { translator } from '#server/lib/i18n.ts'
import { renderMail } from '#server/lib/mail-layout.ts'
import type { OutgoingMail } from '#server/modules/mail/mail.service.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'

interface Recipient {
  site: Site
  locale: Locale
  to: string
  name: string
}

/** The mail with the single-use activation link. */
export function activationMail(r: Recipient, link: string): OutgoingMail {
  const t = translator(r.locale)
  const mail = renderMail(r.site, r.locale, {
    subject: t('mail.activation.subject', { name: r.site.settings.name }),
    greeting: t('mail.greeting', { name: r.name }),
    paragraphs: [t('mail.activation.intro', { name: r.site.settings.name })],
    button: { label: t('mail.activation.button'), url: link },
    after: [t('mail.activation.notYou')],
  })
  return { siteId: r.site.id, to: r.to, ...mail }
}
