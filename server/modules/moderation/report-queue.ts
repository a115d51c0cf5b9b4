import { api } from '#common/api.ts'
import { staffWords } from '#common/message-kinds.ts'
import type { ReportOutcome } from '#common/moderation.ts'
import { ageOn } from '#common/schemas/accounts.ts'
import type { ReportQueueItem } from '#common/schemas/moderation.ts'
import type { PromptAnswer } from '#common/schemas/profile-prompts.ts'
import { mediaUrl } from '#server/lib/media-url.ts'
import type { selectMessagesBetween, selectPhotosOf, selectReportQueue } from './reports.queries.ts'

type QueueRow = Awaited<ReturnType<typeof selectReportQueue>>[number]
type PhotoRow = Awaited<ReturnType<typeof selectPhotosOf>>[number]
type MessageRow = Awaited<ReturnType<typeof selectMessagesBetween>>[number]

/**
 * A report as the queue shows it (ADR 16): the member it names with their photos, written prompts
 * and earlier reports, the last messages between the two (newest last; a chat photo through the moderators'
 * own route), and for an appeal the first decision.
 */
export function queueItem(
  { report, profile, accountStatus, suspendedUntil }: QueueRow,
  context: {
    /** The photos of every profile the queue names. */
    photos: PhotoRow[]
    /** The written prompts of every profile the queue names, by profile. */
    prompts: Map<number, PromptAnswer[]>
    earlierReports: number
    /** Newest first, as read. */
    messages: MessageRow[]
    cdn: string
    today: Date
    viewerStaffId: number | null
  },
): ReportQueueItem {
  const { today, cdn } = context
  return {
    id: report.id,
    status: report.status as 'open' | 'appealed',
    reason: report.reason,
    message: report.message,
    context: report.context,
    created_at: report.createdAt.toISOString(),
    queued_at: report.queuedAt.toISOString(),
    reporter: { user_id: report.userId, name: report.name },
    reported: profile
      ? {
          profile_id: profile.id,
          user_id: profile.userId,
          name: profile.name,
          age: ageOn(profile.birthDate, today),
          country: profile.country,
          account_status:
            suspendedUntil && suspendedUntil > today ? 'suspended' : (accountStatus ?? 'unknown'),
          about: profile.about,
          prompts: context.prompts.get(profile.id) ?? [],
          fictional: profile.fictional,
          photos: context.photos
            .filter((p) => p.profileId === profile.id)
            .map((p) => ({
              id: p.id,
              url: mediaUrl(cdn, p.filename),
              thumb_url: mediaUrl(cdn, p.thumbFilename),
              status: p.status as 'pending' | 'active' | 'rejected',
              created_at: p.createdAt.toISOString(),
            })),
          earlier_reports: context.earlierReports,
        }
      : null,
    messages: context.messages.toReversed().map((m) => ({
      id: m.id,
      from: m.sender === report.userId ? ('reporter' as const) : ('reported' as const),
      kind: m.kind,
      text: staffWords(m.kind, m.body, m.payload),
      sent_at: m.createdAt.toISOString(),
      photo:
        m.payload && 'thumb' in m.payload && m.payload.thumb
          ? {
              thumb_url: `${api.reportPhoto.path}?report=${report.id}&message=${m.id}&size=thumb`,
              url: `${api.reportPhoto.path}?report=${report.id}&message=${m.id}`,
            }
          : null,
      voice:
        m.kind === 'voice' && m.payload && 'file' in m.payload
          ? { url: `${api.reportPhoto.path}?report=${report.id}&message=${m.id}` }
          : null,
    })),
    appeal:
      report.status === 'appealed' && report.outcome
        ? {
            outcome: report.outcome as ReportOutcome,
            reason: report.outcomeReason ?? '',
            text: report.appealText ?? '',
            decided_by_you: report.firstDecidedBy === context.viewerStaffId,
          }
        : null,
  }
}
