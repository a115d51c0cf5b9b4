import { api } from '#common/api.ts'
import type { Locale } from '#common/constants.ts'
import type { EmailType } from '#common/notifications.ts'
import { translator } from '#server/lib/i18n.ts'
import { renderMail } from '#server/lib/mail-layout.ts'
import type { OutgoingMail } from '#server/modules/mail/mail.service.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'

export interface NotificationRecipient {
  site: Site
  /** Where the site's links point. */
  origin: string
  locale: Locale
  to: string
  name: string
  type: EmailType
  /** The signed token of this member and type (unsubscribe-tokens.ts). */
  unsubscribeToken: string
}

/**
 * The unsubscribe links every notification mail carries (ADR 19): the one-click URL of RFC 8058
 * (a POST turns the type off; a GET shows the confirmation page) and a mailto to the support address.
 */
function unsubscribeHeaders(r: NotificationRecipient): Record<string, string> {
  const url = `${r.origin}${api.unsubscribe.path}?token=${encodeURIComponent(r.unsubscribeToken)}`
  const mailto = `mailto:${r.site.settings.support_email}?subject=${encodeURIComponent(`unsubscribe ${r.type}`)}`
  return {
    'List-Unsubscribe': `<${url}>, <${mailto}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
}

function notificationMail(
  r: NotificationRecipient,
  content: { subject: string; paragraphs: string[]; button: { label: string; url: string } },
): OutgoingMail {
  const t = translator(r.locale)
  const mail = renderMail(r.site, r.locale, {
    ...content,
    greeting: t('mail.greeting', { name: r.name }),
    footerLinks: [
      {
        label: t('mail.notification.unsubscribe', { type: t(`notifications.types.${r.type}.label`) }),
        url: `${r.origin}/unsubscribe?token=${encodeURIComponent(r.unsubscribeToken)}`,
      },
      { label: t('mail.notification.settings'), url: `${r.origin}/notifications` },
    ],
  })
  return { siteId: r.site.id, to: r.to, ...mail, headers: unsubscribeHeaders(r) }
}

/** A profile a mail names: a fictional one with the site's mark after its name (ADR 32). */
interface NamedProfile {
  name: string
  fictional: boolean
}

const named = (r: NotificationRecipient, p: NamedProfile) =>
  p.fictional ? `${p.name} ${r.site.settings.fictional_icon}` : p.name

/** The site's sentence on fictional profiles, when the mail names one (ADR 32: every surface). */
const disclosure = (r: NotificationRecipient, profiles: NamedProfile[]) =>
  profiles.some((p) => p.fictional)
    ? [r.site.settings.fictional_warning[r.locale] ?? r.site.settings.fictional_warning.en]
    : []

/** "Eva wrote to you": a conversation's first message or new ones, unread for the quiet period. */
export function messageMail(
  r: NotificationRecipient,
  partner: NamedProfile,
  conversationId: number,
): OutgoingMail {
  const t = translator(r.locale)
  const key = r.type === 'new_conversations' ? 'mail.newConversation' : 'mail.newMessages'
  const name = named(r, partner)
  return notificationMail(r, {
    subject: t(`${key}.subject`, { partner: name, name: r.site.settings.name }),
    paragraphs: [
      t(`${key}.intro`, { partner: name, name: r.site.settings.name }),
      ...disclosure(r, [partner]),
    ],
    button: { label: t(`${key}.button`), url: `${r.origin}/chats/${conversationId}` },
  })
}

/** "Eva and 2 others liked your profile": the day's new likes in one mail. */
export function likesMail(r: NotificationRecipient, names: string[], count: number): OutgoingMail {
  const t = translator(r.locale)
  const others = count - 1
  return notificationMail(r, {
    subject:
      others === 0
        ? t('mail.likes.subjectOne', { partner: names[0] })
        : t('mail.likes.subjectMany', { partner: names[0], count: others }),
    paragraphs: [t('mail.likes.intro', { count, names: names.join(', '), name: r.site.settings.name })],
    button: { label: t('mail.likes.button'), url: `${r.origin}/likes` },
  })
}

/** "3 messages are waiting for you": unread for a day, at most once a day. */
export function unreadReminderMail(
  r: NotificationRecipient,
  partners: NamedProfile[],
  count: number,
): OutgoingMail {
  const t = translator(r.locale)
  const names = partners.map((p) => named(r, p)).join(', ')
  return notificationMail(r, {
    subject: t('mail.unreadReminder.subject', { count }),
    paragraphs: [
      t('mail.unreadReminder.intro', { count, names, name: r.site.settings.name }),
      ...disclosure(r, partners),
    ],
    button: { label: t('mail.unreadReminder.button'), url: `${r.origin}/chats` },
  })
}

/** "Marc is waiting for your answer" (issue 61, point 4): read, unanswered for a day; real members only. */
export function turnReminderMail(r: NotificationRecipient, names: string[], count: number): OutgoingMail {
  const t = translator(r.locale)
  const values = { count, names: names.join(', '), name: r.site.settings.name }
  return notificationMail(r, {
    subject: t('mail.yourTurn.subject', values),
    paragraphs: [t('mail.yourTurn.intro', values), t('mail.yourTurn.kind')],
    button: { label: t('mail.yourTurn.button'), url: `${r.origin}/chats` },
  })
}

/** The weekly update: members who joined this week near the member (their region first). */
export function weeklyUpdateMail(
  r: NotificationRecipient,
  members: { name: string; place: string | null }[],
): OutgoingMail {
  const t = translator(r.locale)
  return notificationMail(r, {
    subject: t('mail.weekly.subject', { count: members.length, name: r.site.settings.name }),
    paragraphs: [
      t('mail.weekly.intro', { count: members.length }),
      members.map((m) => (m.place ? `${m.name} (${m.place})` : m.name)).join(', '),
    ],
    button: { label: t('mail.weekly.button'), url: `${r.origin}/members` },
  })
}

/** An unfinished sign-up: the address is not confirmed a day (step 1), then three days (3) on. */
export function signupReminderMail(
  r: NotificationRecipient,
  activationToken: string,
  step: 1 | 3,
): OutgoingMail {
  const t = translator(r.locale)
  const name = r.site.settings.name
  return notificationMail(r, {
    subject: t(step === 1 ? 'mail.signupReminder.subject' : 'mail.signupReminder.lastSubject', { name }),
    paragraphs: [
      t('mail.signupReminder.intro', { name }),
      ...(step === 3 ? [t('mail.signupReminder.last')] : []),
      t('mail.activation.notYou'),
    ],
    button: {
      label: t('mail.activation.button'),
      url: `${r.origin}${api.activate.path}?token=${encodeURIComponent(activationToken)}`,
    },
  })
}
