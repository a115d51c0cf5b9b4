import { localeOfLanguage } from '#common/locale.ts'
import { translator } from './i18n.ts'
import { type MailBrand, renderMail } from './mail-layout.ts'

/**
 * The mail that tells a member something they added to their profile was not approved (a photo,
 * a voice prompt), and why (`reason`, a key of the member's bundle), in their language.
 */
export function notApprovedMail(
  site: MailBrand & { id: number },
  to: { email: string; name: string; language: string },
  mail: 'photoRejected' | 'voiceRejected',
  reason: string,
) {
  const locale = localeOfLanguage(to.language)
  const t = translator(locale)
  return {
    siteId: site.id,
    to: to.email,
    ...renderMail(site, locale, {
      subject: t(`mail.${mail}.subject`, { name: site.settings.name }),
      greeting: t('mail.greeting', { name: to.name }),
      paragraphs: [
        t(`mail.${mail}.intro`),
        t(`mail.${mail}.why`, { reason: t(reason) }),
        t(`mail.${mail}.next`),
      ],
    }),
  }
}
