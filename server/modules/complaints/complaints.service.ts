import type { Locale } from '#common/constants.ts'
import type { ComplaintInput, ComplaintResponse } from '#common/schemas/members.ts'
import type { ReportContext } from '#common/schemas/moderation.ts'
import type { Db } from '#server/db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { translator } from '#server/lib/i18n.ts'
import { renderMail } from '#server/lib/mail-layout.ts'
import { enqueueMail, type MailService } from '#server/modules/mail/mail.service.ts'
import type { MembersService } from '#server/modules/members/members.service.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'
import { insertComplaint, profileExists, selectAccountContact } from './complaints.queries.ts'

export type ComplaintsService = ReturnType<typeof createComplaintsService>

/**
 * Complaints and profile reports: stored for moderation. The receipt is no relay (ADR 13): it goes
 * only to a logged-in member's own address, never quotes what was written, and names a reported
 * profile only when the sender may see it; the answer is the same whether the profile exists or not.
 */
export function createComplaintsService(db: Db, deps: { mail: MailService; members: MembersService }) {
  const service = {
    /** Files a complaint (or reports a profile); answers its number and where the receipt went. */
    async file(
      input: ComplaintInput,
      from: { site: Site; locale: Locale; userId: number | null },
      context: ReportContext | null = null,
    ): Promise<ComplaintResponse> {
      const exists = input.profile ? await profileExists(db, input.profile) : false
      const account = from.userId ? await selectAccountContact(db, from.userId) : null
      const visible =
        account && input.profile
          ? await deps.members
              .getPublicProfile(input.profile, from.site.settings.cdn_prefix, from.userId)
              .catch(() => null)
          : null
      const t = translator(from.locale)
      const id = await db.transaction(async (tx) => {
        const complaintId = await insertComplaint(tx, {
          siteId: from.site.id,
          userId: from.userId,
          reportedProfileId: exists ? (input.profile ?? null) : null,
          name: input.name,
          email: account?.email ?? input.email,
          reason: input.reason,
          message: input.message,
          context,
        })
        if (account) {
          const mail = renderMail(from.site, from.locale, {
            subject: t('mail.complaint.subject', { id: complaintId, name: from.site.settings.name }),
            greeting: t('mail.greeting', { name: account.name }),
            paragraphs: [
              t('mail.complaint.intro', { id: complaintId }),
              visible ? t('mail.complaint.about', { name: visible.name }) : '',
              t('mail.complaint.next'),
            ].filter(Boolean),
          })
          await enqueueMail(tx, { siteId: from.site.id, to: account.email, ...mail })
        }
        return complaintId
      })
      if (account) deps.mail.kick()
      return { id, receipt: account?.email ?? null }
    },

    /**
     * A logged-in member's report made in one tap (a received message: issue 38; the report sheet:
     * issue 56), under the name and address of their account, with where it came from.
     */
    async fileAsMember(
      userId: number,
      input: Pick<ComplaintInput, 'reason' | 'message' | 'profile'>,
      from: { site: Site; locale: Locale },
      context: ReportContext,
    ): Promise<ComplaintResponse> {
      const account = await selectAccountContact(db, userId)
      if (!account) throw new AppError('authentication_required', 403)
      return service.file(
        { ...input, name: account.name, email: account.email },
        { ...from, userId },
        context,
      )
    },
  }
  return service
}
