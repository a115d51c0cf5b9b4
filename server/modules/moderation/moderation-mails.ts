import { type Locale, SUPPORTED_LOCALES } from '#common/constants.ts'
import { translator } from '#server/lib/i18n.ts'
import { renderMail } from '#server/lib/mail-layout.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'

/** A member's language for what moderation tells them (the site's first language otherwise). */
export function localeOf(language: string): Locale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(language) ? (language as Locale) : 'en'
}

/** The mail that tells a member one of their photos was rejected, and why, in their language. */
export function photoRejectedMail(
  site: Site,
  to: { email: string; name: string; language: string },
  reason: string,
) {
  const locale = localeOf(to.language)
  const t = translator(locale)
  return {
    siteId: site.id,
    to: to.email,
    ...renderMail(site, locale, {
      subject: t('mail.photoRejected.subject', { name: site.settings.name }),
      greeting: t('mail.greeting', { name: to.name }),
      paragraphs: [
        t('mail.photoRejected.intro'),
        t('mail.photoRejected.why', { reason: t(`moderation.photoReasons.${reason}`) }),
        t('mail.photoRejected.next'),
      ],
    }),
  }
}
