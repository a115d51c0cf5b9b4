import type { Locale } from '#common/constants.ts'
import { formatMoney } from '#common/money.ts'
import type { ClosingRefund } from '#common/refunds.ts'
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

/** The mail with the link to choose a new password. */
export function passwordResetMail(r: Recipient, link: string): OutgoingMail {
  const t = translator(r.locale)
  const mail = renderMail(r.site, r.locale, {
    subject: t('mail.passwordReset.subject', { name: r.site.settings.name }),
    greeting: t('mail.greeting', { name: r.name }),
    paragraphs: [t('mail.passwordReset.intro')],
    button: { label: t('mail.passwordReset.button'), url: link },
    after: [t('mail.passwordReset.notYou')],
  })
  return { siteId: r.site.id, to: r.to, ...mail }
}

/** The mail to the new address with the link that confirms the change. */
export function emailChangeMail(r: Recipient, link: string): OutgoingMail {
  const t = translator(r.locale)
  const mail = renderMail(r.site, r.locale, {
    subject: t('mail.emailChange.subject', { name: r.site.settings.name }),
    greeting: t('mail.greeting', { name: r.name }),
    paragraphs: [t('mail.emailChange.intro', { email: r.to })],
    button: { label: t('mail.emailChange.button'), url: link },
    after: [t('mail.emailChange.notYou')],
  })
  return { siteId: r.site.id, to: r.to, ...mail }
}

/**
 * To the old address once a change of address is confirmed: what it became, and the link that
 * undoes it (issue 36, point 11), so that a stolen session cannot take the account away unseen.
 */
export function emailChangedMail(r: Recipient, newEmail: string, undoLink: string): OutgoingMail {
  const t = translator(r.locale)
  const mail = renderMail(r.site, r.locale, {
    subject: t('mail.emailChanged.subject', { name: r.site.settings.name }),
    greeting: t('mail.greeting', { name: r.name }),
    paragraphs: [t('mail.emailChanged.intro', { email: newEmail }), t('mail.emailChanged.notYou')],
    button: { label: t('mail.emailChanged.button'), url: undoLink },
  })
  return { siteId: r.site.id, to: r.to, ...mail }
}

/** The mail confirming a deletion, with the link that undoes it within 14 days. */
export function deletionMail(r: Recipient, link: string, refund: ClosingRefund | null): OutgoingMail {
  const t = translator(r.locale)
  const refunded =
    refund && refund.credits > 0
      ? [
          t('mail.deletion.refunded', {
            count: refund.credits,
            amount: refund.totals.map((x) => formatMoney(x.amount, x.currency, r.locale)).join(' + '),
          }),
          t('mail.deletion.refundedUndo'),
        ]
      : []
  const mail = renderMail(r.site, r.locale, {
    subject: t('mail.deletion.subject', { name: r.site.settings.name }),
    greeting: t('mail.greeting', { name: r.name }),
    paragraphs: [
      t('mail.deletion.intro', { name: r.site.settings.name }),
      ...refunded,
      t('mail.deletion.undo'),
    ],
    button: { label: t('mail.deletion.button'), url: link },
  })
  return { siteId: r.site.id, to: r.to, ...mail }
}
