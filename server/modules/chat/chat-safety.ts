import type { COMPLAINT_REASONS } from '#common/choices.ts'
import type { Locale } from '#common/constants.ts'
import { staffWords } from '#common/message-kinds.ts'
import type { SafetyEvent } from '#common/safety.ts'
import type { ProfileReportInput, ProfileReportResponse } from '#common/schemas/chat.ts'
import type { ComplaintResponse } from '#common/schemas/members.ts'
import type { QuotedMessage } from '#common/schemas/moderation.ts'
import type { Db } from '#server/db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import type { ComplaintsService } from '#server/modules/complaints/complaints.service.ts'
import type { SafetyService } from '#server/modules/safety/safety.service.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'
import { selectConversationTail, selectProfileIdOfUser, selectReceivedMessage } from './chat.queries.ts'
import { setShowExplicit } from './conversation-side.queries.ts'

/** How many of a conversation's last messages a report from it quotes. */
const REPORTED_MESSAGES = 10

/**
 * What a receiver does with what the safety rules found (issue 38): sees a conversation's explicit
 * photos unblurred from now on, or reports a message in one tap, quoted into the report.
 */
export function createChatSafety(
  db: Db,
  deps: {
    complaints: Pick<ComplaintsService, 'fileAsMember'>
    safety: Pick<SafetyService, 'count'>
    /** Blocking a member (the members' pages own it). */
    blocks: { block(userId: number, profileId: number, on: boolean): Promise<boolean> }
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
     * POST /api/profile-report.php: the report sheet (issue 56, point 3). Filed under the member's
     * account; from a conversation, its last REPORTED_MESSAGES messages are quoted into the report
     * (a record of what was said, whatever happens to the chat later); `block` blocks at once.
     */
    async reportProfile(
      userId: number,
      input: ProfileReportInput,
      from: { site: Site; locale: Locale },
    ): Promise<ProfileReportResponse> {
      const own = await selectProfileIdOfUser(db, userId)
      if (own?.id === input.profile) throw new AppError('report.self', 400)
      const tail =
        input.conversation === undefined
          ? null
          : await selectConversationTail(db, input.conversation, userId, input.profile, REPORTED_MESSAGES)
      if (input.conversation !== undefined && !tail) throw new AppError('chat.not_found', 404)
      const quoted: QuotedMessage[] = (tail ?? []).toReversed().map(({ row, fromPartner }) => ({
        id: row.id,
        from: fromPartner ? 'reported' : 'reporter',
        kind: row.kind,
        text: staffWords(row.kind, row.body, row.payload),
        sent_at: row.createdAt.toISOString(),
      }))
      const report = await deps.complaints.fileAsMember(
        userId,
        { reason: input.reason, message: input.text ?? '', profile: input.profile },
        from,
        { source: 'sheet', conversation: input.conversation ?? null, quoted },
      )
      const blocked = input.block ? await deps.blocks.block(userId, input.profile, true) : false
      return { ...report, blocked }
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
      const { message } = found
      const flags = message.flags
      const reason: (typeof COMPLAINT_REASONS)[number] = flags.includes('explicit')
        ? 'inappropriate_photo'
        : flags.includes('unkind')
          ? 'harassment'
          : flags.length > 0
            ? 'spam_scam'
            : 'other'
      const report = await deps.complaints.fileAsMember(
        userId,
        { reason, message: '', profile: found.senderProfileId },
        from,
        {
          source: 'message',
          message: message.id,
          flags,
          quoted: [
            {
              id: message.id,
              from: 'reported',
              kind: message.kind,
              text: message.text ?? '',
              sent_at: message.created_at,
            },
          ],
        },
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
