import { localeOfLanguage } from '#common/locale.ts'
import { translator } from '#server/lib/i18n.ts'
import { renderMail } from '#server/lib/mail-layout.ts'
import { notApprovedMail } from '#server/lib/not-approved-mail.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'

/** The mail that tells a member one of their photos was rejected, and why, in their language. */
export function photoRejectedMail(
  site: Site,
  to: { email: string; name: string; language: string },
  reason: string,
) {
  return notApprovedMail(site, to, 'photoRejected', `moderation.photoReasons.${reason}`)
}

interface Recipient {
  email: string
  name: string
  language: string
}

/**
 * The statement of reasons (ADR 16): what was decided and why, to the reporter and to the member
 * concerned, each in their language; the member concerned gets the link to appeal once. It says a
 * member reported the profile only when one did: a case a moderator opened from the member's file
 * or from the safety signals is "we reviewed your account" (issue 56, point 6).
 */
export function reportOutcomeMail(
  site: Site,
  to: Recipient,
  decision: {
    reportId: number
    outcome: string
    reason: string
    until?: string
    /** Whether a member reported the profile (not a moderator's own review, nor a signal). */
    reportedByMember: boolean
  },
  side: { role: 'reporter' } | { role: 'member'; appealUrl: string | null },
) {
  const locale = localeOfLanguage(to.language)
  const t = translator(locale)
  const reporter = side.role === 'reporter'
  return {
    siteId: site.id,
    to: to.email,
    ...renderMail(site, locale, {
      subject: reporter
        ? t('mail.reportOutcome.reporterSubject', { id: decision.reportId, name: site.settings.name })
        : t('mail.reportOutcome.memberSubject', { name: site.settings.name }),
      greeting: t('mail.greeting', { name: to.name }),
      paragraphs: [
        reporter
          ? t('mail.reportOutcome.reporterIntro', { id: decision.reportId })
          : t(
              decision.reportedByMember ? 'mail.reportOutcome.memberIntro' : 'mail.reportOutcome.reviewIntro',
            ),
        t(`mail.reportOutcome.${reporter ? 'outcomes' : 'memberOutcomes'}.${decision.outcome}`, {
          until: decision.until,
        }),
        t('mail.reportOutcome.why', { reason: decision.reason }),
        ...(side.role === 'member' && side.appealUrl ? [t('mail.reportOutcome.appealIntro')] : []),
      ],
      button:
        side.role === 'member' && side.appealUrl
          ? { label: t('mail.reportOutcome.appealButton'), url: side.appealUrl }
          : undefined,
    }),
  }
}
