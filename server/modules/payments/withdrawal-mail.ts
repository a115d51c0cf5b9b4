import { dateTimeFormat } from '#common/intl.ts'
import { localeOfLanguage } from '#common/locale.ts'
import { formatMoney } from '#common/money.ts'
import { translator } from '#server/lib/i18n.ts'
import { renderMail } from '#server/lib/mail-layout.ts'
import { timeZoneOf } from '#server/lib/time-zone.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'

/** Who a payment mail goes to: the member's address, name, language, time zone and country. */
export interface PaymentMailTo {
  email: string
  name: string
  language: string
  timeZone: string | null
  country: string
}

/** A moment as the member reads it: the date and the time in their language and time zone. */
export function memberDateTime(to: PaymentMailTo, at: Date) {
  const locale = localeOfLanguage(to.language)
  return dateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: timeZoneOf(to.timeZone, to.country),
    timeZoneName: 'short',
  }).format(at)
}

/**
 * The acknowledgement of a withdrawal (Article 11a: at once, on a durable medium): when the member
 * withdrew, from which purchase, and what comes back for which credits, in their language.
 */
export function withdrawalMail(
  site: Site,
  origin: string,
  to: PaymentMailTo,
  w: {
    payment: { id: string; credits: number; amount: number; currency: string; creditedAt: Date | null }
    at: Date
    refund: { credits: number; amount: number; spent: number }
  },
) {
  const locale = localeOfLanguage(to.language)
  const t = translator(locale)
  const money = (cents: number) => formatMoney(cents, w.payment.currency, locale)
  return {
    siteId: site.id,
    to: to.email,
    ...renderMail(site, locale, {
      subject: t('mail.withdrawal.subject', { name: site.settings.name }),
      greeting: t('mail.greeting', { name: to.name }),
      paragraphs: [
        t('mail.withdrawal.received', {
          at: memberDateTime(to, w.at),
          count: w.payment.credits,
          paid: memberDateTime(to, w.payment.creditedAt ?? w.at),
          total: money(w.payment.amount),
          id: w.payment.id,
        }),
        t('mail.withdrawal.refund', { amount: money(w.refund.amount), count: w.refund.credits }),
        ...(w.refund.spent > 0 ? [t('mail.withdrawal.spent', { count: w.refund.spent })] : []),
        t('mail.withdrawal.how'),
      ],
      button: { label: t('mail.withdrawal.button'), url: `${origin}/transactions/${w.payment.id}/withdraw` },
    }),
  }
}
