import { localeOfLanguage } from '#common/locale.ts'
import { translator } from '#server/lib/i18n.ts'
import { renderMail } from '#server/lib/mail-layout.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'

/** A moderator's decision on a live check that waited for them, in the member's language. */
export function verificationDecidedMail(
  site: Site,
  to: { email: string; name: string; language: string },
  decision: 'verify' | 'refuse',
  pageUrl: string,
) {
  const locale = localeOfLanguage(to.language)
  const t = translator(locale)
  const key = decision === 'verify' ? 'verified' : 'refused'
  return {
    siteId: site.id,
    to: to.email,
    ...renderMail(site, locale, {
      subject: t(`mail.verification.${key}Subject`, { name: site.settings.name }),
      greeting: t('mail.greeting', { name: to.name }),
      paragraphs: [t(`mail.verification.${key}Intro`), t(`mail.verification.${key}Next`)],
      button: { label: t('mail.verification.button'), url: pageUrl },
    }),
  }
}
