import { localeOfLanguage } from '#common/locale.ts'
import { formatMoney } from '#common/money.ts'
import { withdrawableUntil } from '#common/withdrawal.ts'
import { translator } from '#server/lib/i18n.ts'
import { renderMail } from '#server/lib/mail-layout.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'
import { memberDateTime, type PaymentMailTo } from './withdrawal-mail.ts'

/**
 * The receipt of a paid purchase (ADR 32), sent with its credits: what was bought for how much, that
 * credits never expire, and the link to withdraw from it for as long as the law and the site allow.
 */
export function receiptMail(
  site: Site,
  origin: string,
  to: PaymentMailTo,
  payment: {
    id: string
    credits: number
    amount: number
    currency: string
    method: string
    creditedAt: Date | null
    createdAt: Date
  },
) {
  const locale = localeOfLanguage(to.language)
  const t = translator(locale)
  const paidAt = payment.creditedAt ?? payment.createdAt
  return {
    siteId: site.id,
    to: to.email,
    ...renderMail(site, locale, {
      subject: t('mail.receipt.subject', { name: site.settings.name }),
      greeting: t('mail.greeting', { name: to.name }),
      paragraphs: [
        t('mail.receipt.bought', {
          count: payment.credits,
          total: formatMoney(payment.amount, payment.currency, locale),
          at: memberDateTime(to, paidAt),
          method: t(`payment.methods.${payment.method}`, { defaultValue: payment.method }),
        }),
        t('mail.receipt.number', { id: payment.id }),
        t('mail.receipt.never'),
        t('mail.receipt.withdrawal', {
          until: memberDateTime(to, withdrawableUntil(paidAt, site.settings.refund_days)),
        }),
      ],
      button: { label: t('mail.receipt.button'), url: `${origin}/transactions/${payment.id}` },
      links: [{ label: t('mail.receipt.withdraw'), url: `${origin}/transactions/${payment.id}/withdraw` }],
    }),
  }
}
