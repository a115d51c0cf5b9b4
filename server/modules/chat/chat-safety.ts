import type { COMPLAINT_REASONS } from '#common/choices.ts'
import type { Locale } from '#common/constants.ts'
import { MESSAGE_REPORT_HEADING, type SafetyEvent } from '#common/safety.ts'
import type { ComplaintResponse } from '#common/schemas/members.ts'
import type { Db } from '#server/db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import type { ComplaintsService } from '#server/modules/complaints/complaints.service.ts'
import type { SafetyService } from '#server/modules/safety/safety.service.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'
import { selectReceivedMessage, setShowExplicit } from './chat.queries.ts'
import { messageView } from './message-view.ts'

/**
 * What a receiver does with what the safety rules found (issue 38): sees a conversation's explicit
 * photos unblurred from now on, or reports a message in one tap, quoted into the report.
 */
export function createChatSafety(
  db: Db,
  deps: {
    complaints: Pick<ComplaintsService, 'fileAsMember'>
    safety: Pick<SafetyService, 'count'>
  },
) {
  return {
    /** PUT /api/chat-safety.php: the member's choice for the explicit photos of one conversation. */
    async showExplicit(userId: number, conversationId: number, show: boolean) {
      if (!(await setShowExplicit(db, conversationId, userId, show)))
        throw new AppError('chat.not_found', 404)
      return { show_explicit: show }
    },

    /**
     * POST /api/message-report.php: reports a message the member received, with its text quoted and
     * what the rules found; the report's reason follows from that.
     */
    async reportMessage(
      userId: number,
      messageId: number,
      from: { site: Site; locale: Locale },
    ): Promise<ComplaintResponse> {
      const found = await selectReceivedMessage(db, messageId, userId)
      if (!found) throw new AppError('chat.message_not_found', 404)
      const message = messageView(found.message, found.senderProfileId)
      const flags = message.flags
      const reason: (typeof COMPLAINT_REASONS)[number] = flags.includes('explicit')
        ? 'inappropriate_photo'
        : flags.includes('unkind')
          ? 'harassment'
          : flags.length > 0
            ? 'spam_scam'
            : 'other'
      const quoted = [
        `${MESSAGE_REPORT_HEADING}: message ${message.id} of ${message.created_at}.`,
        message.kind === 'photo' ? 'A photo.' : null,
        message.text ? `“${message.text}”` : null,
        flags.length > 0 ? `Found by the safety rules: ${flags.join(', ')}.` : null,
      ].filter(Boolean)
      const report = await deps.complaints.fileAsMember(
        userId,
        { reason, message: quoted.join('\n'), profile: found.senderProfileId },
        from,
      )
      const event: SafetyEvent | null = flags.includes('explicit')
        ? 'explicit_reported'
        : flags.includes('unkind')
          ? 'unkind_reported'
          : flags.length > 0
            ? 'scam_reported'
            : null
      if (event) await deps.safety.count(from.site.id, event)
      return report
    },
  }
}
