import type { Locale } from '#common/constants.ts'
import type { ComplaintInput } from '#common/schemas/members.ts'
import type { Db } from '#server/db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { translator } from '#server/lib/i18n.ts'
import { renderMail } from '#server/lib/mail-layout.ts'
import { enqueueMail, type MailService } from '#server/modules/mail/mail.service.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'
import { insertComplaint, selectProfileName } from './complaints.queries.ts'

export type ComplaintsService = ReturnType<typeof createComplaintsService>

/** Complaints and profile reports: stored for moderation, acknowledged to the sender by mail. */
export function createComplaintsService(db: Db, deps: { mail: MailService }) {
  return {
    /** Files a complaint (or reports a profile) and mails the sender a receipt with its number. */
    async file(
      input: ComplaintInput,
      from: { site: Site; locale: Locale; userId: number | null },
    ): Promise<number> {
      const reported = input.profile ? await selectProfileName(db, input.profile) : null
      if (input.profile && reported === null) throw new AppError('member.not_found', 404)
      const t = translator(from.locale)
      const id = await db.transaction(async (tx) => {
        const complaintId = await insertComplaint(tx, {
          siteId: from.site.id,
          userId: from.userId,
          reportedProfileId: input.profile ?? null,
          name: input.name,
          email: input.email,
          reason: input.reason,
          message: input.message,
        })
        const mail = renderMail(from.site, from.locale, {
          subject: t('mail.complaint.subject', { id: complaintId, name: from.site.settings.name }),
          greeting: t('mail.greeting', { name: input.name }),
          paragraphs: [
            t('mail.complaint.intro', { id: complaintId }),
            reported ? t('mail.complaint.about', { name: reported }) : '',
            t('mail.complaint.next'),
            `${t('mail.complaint.yourMessage')}\n${input.message}`,
          ].filter(Boolean),
        })
        await enqueueMail(tx, { siteId: from.site.id, to: input.email, ...mail })
        return complaintId
      })
      deps.mail.kick()
      return id
    },
  }
}
