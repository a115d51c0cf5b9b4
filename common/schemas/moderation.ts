import { z } from 'zod'
import {
  BAN_KINDS,
  PHOTO_REJECT_REASONS,
  REPORT_OUTCOMES,
  type ReportOutcome,
  SIGNAL_KINDS,
  SUSPENSION_DAYS,
} from '../moderation.ts'
import { MessageKind } from './message.ts'
import { ProfilePromptKey } from './profile-prompts.ts'
import { BannedFaceView } from './verification.ts'

const Id = z.number().int().positive().max(2_147_483_647)

export const QueuePhoto = z.object({
  id: z.number().int(),
  url: z.string(),
  thumb_url: z.string(),
  status: z.enum(['pending', 'active', 'rejected']),
  created_at: z.string(),
})

/** A photo waiting for review, with its member and the member's other photos. */
export const PhotoQueueItem = QueuePhoto.extend({
  member: z.object({
    user_id: z.number().int(),
    profile_id: z.number().int(),
    name: z.string(),
    age: z.number().int(),
    country: z.string(),
    site: z.string(),
  }),
  others: z.array(QueuePhoto),
  /** How explicit the model found it (0–1; null before the model ran), and whether past the site's threshold. */
  explicit_score: z.number().nullable(),
  explicit: z.boolean(),
  /** A photo of another account this one repeats (likely stolen or fake). */
  duplicate_of: z
    .object({ photo_id: z.number().int(), profile_id: z.number().int(), name: z.string(), url: z.string() })
    .nullable(),
  /** The banned member's face it shows (issue 60), held for a moderator; null for none. */
  banned_face: BannedFaceView.nullable(),
})
export type PhotoQueueItem = z.infer<typeof PhotoQueueItem>

export const PhotoQueueQuery = z.object({
  /** Photos older than this one are shown first; the next page starts after it. */
  after: Id.optional(),
})
export const PhotoQueueResponse = z.object({ photos: z.array(PhotoQueueItem), waiting: z.number().int() })

export const PhotoReviewInput = z.discriminatedUnion('decision', [
  z.object({ photo: Id, decision: z.literal('approve') }),
  z.object({ photo: Id, decision: z.literal('reject'), reason: z.enum(PHOTO_REJECT_REASONS) }),
])
export type PhotoReviewInput = z.infer<typeof PhotoReviewInput>
export const PhotoReviewResponse = z.object({
  photo: z.object({ id: z.number().int(), status: z.enum(['active', 'rejected']) }),
})

export const ReportDecisionInput = z
  .object({
    report: Id,
    outcome: z.enum(REPORT_OUTCOMES),
    /** The statement of reasons both sides receive. */
    reason: z.string().trim().min(5, { error: 'reason_short' }).max(2000),
    /** hide_photo: which photo. */
    photo: Id.optional(),
    /** suspend: how long. */
    days: z
      .number()
      .int()
      .refine((d) => (SUSPENSION_DAYS as readonly number[]).includes(d), { error: 'days_invalid' })
      .optional(),
    /** A ban is confirmed (the queue asks first, as the member's file does: issue 39). */
    confirm: z.boolean().optional(),
  })
  .refine((v) => v.outcome !== 'ban' || v.confirm === true, { path: ['confirm'], error: 'ban_unconfirmed' })
export type ReportDecisionInput = z.infer<typeof ReportDecisionInput>

/** What a moderator may do to a member from their file (issue 39, point 3), as from a report. */
export const MEMBER_ACTIONS = ['warn', 'suspend', 'ban'] as const satisfies readonly ReportOutcome[]

/**
 * POST /api/admin/member-moderation.php: a warning, a suspension or a ban of a member found in the
 * console, with its statement of reasons; a ban only once confirmed.
 */
export const MemberActionInput = z
  .object({
    user: Id,
    outcome: z.enum(MEMBER_ACTIONS),
    reason: ReportDecisionInput.shape.reason,
    days: ReportDecisionInput.shape.days,
    /** A ban is confirmed (the form asks first). */
    confirm: z.boolean().optional(),
  })
  .refine((v) => v.outcome !== 'suspend' || v.days !== undefined, { path: ['days'], error: 'days_invalid' })
  .refine((v) => v.outcome !== 'ban' || v.confirm === true, { path: ['confirm'], error: 'ban_unconfirmed' })
export type MemberActionInput = z.infer<typeof MemberActionInput>

/** A message as it stood when it was reported, kept with the report whatever becomes of it. */
export const QuotedMessage = z.object({
  id: z.number().int(),
  from: z.enum(['reporter', 'reported']),
  kind: MessageKind,
  /** What it said (common/message-kinds.ts's staffWords): the text, a gift's key, a photo's caption. */
  text: z.string(),
  sent_at: z.string(),
})
export type QuotedMessage = z.infer<typeof QuotedMessage>

/**
 * Where a case came from and what it held then, as data the console words in the moderator's
 * language (issue 56): the report sheet (from a profile, or a conversation with its last messages),
 * a reported message with what the rules found, a moderator's own case, or a signal.
 */
export const ReportContext = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('sheet'),
    conversation: z.number().int().nullable(),
    quoted: z.array(QuotedMessage),
  }),
  z.object({
    source: z.literal('message'),
    message: z.number().int().nullable(),
    flags: z.array(z.string()),
    quoted: z.array(QuotedMessage),
  }),
  /** A call's report (issue 59): who called whom and when, how long it lasted; nothing of it is recorded. */
  z.object({
    source: z.literal('call'),
    call: z.number().int(),
    from: z.enum(['reporter', 'reported']),
    video: z.boolean(),
    started_at: z.string(),
    seconds: z.number().int(),
  }),
  z.object({ source: z.literal('staff'), by: z.string() }),
  z.object({
    source: z.literal('signal'),
    kind: z.enum(SIGNAL_KINDS),
    detail: z.record(z.string(), z.unknown()),
  }),
])
export type ReportContext = z.infer<typeof ReportContext>

/** A report in the queue, with what a moderator needs to decide it. */
export const ReportQueueItem = z.object({
  id: z.number().int(),
  status: z.enum(['open', 'appealed']),
  reason: z.string(),
  /** The reporter's own words (empty when they gave none). */
  message: z.string(),
  context: ReportContext.nullable(),
  created_at: z.string(),
  queued_at: z.string(),
  /** A member (by id and name) or a visitor (their given name); no address is shown. */
  reporter: z.object({ user_id: z.number().int().nullable(), name: z.string() }),
  reported: z
    .object({
      profile_id: z.number().int(),
      user_id: z.number().int(),
      name: z.string(),
      age: z.number().int(),
      country: z.string(),
      account_status: z.string(),
      about: z.string().nullable(),
      /** Its written prompts with the member's answers (issue 61): "hide the text" takes them down too. */
      prompts: z.array(z.object({ prompt: ProfilePromptKey, answer: z.string() })),
      fictional: z.boolean(),
      photos: z.array(QueuePhoto),
      /** Reports about this member before this one. */
      earlier_reports: z.number().int(),
    })
    .nullable(),
  /** The last messages between reporter and reported, oldest first, when they had a conversation. */
  messages: z.array(
    z.object({
      id: z.number().int(),
      from: z.enum(['reporter', 'reported']),
      kind: MessageKind,
      /** What it said (common/message-kinds.ts's staffWords). */
      text: z.string(),
      sent_at: z.string(),
      /** A chat photo, through the moderators' own route (GET /api/admin/report-photo.php). */
      photo: z.object({ thumb_url: z.string(), url: z.string() }).nullable(),
      /** A voice note, through the same route, for the moderator to play (issue 58). */
      voice: z.object({ url: z.string() }).nullable(),
    }),
  ),
  /** For an appeal: the first decision, the member's appeal, and whether the viewer made it. */
  appeal: z
    .object({
      outcome: z.enum(REPORT_OUTCOMES),
      reason: z.string(),
      text: z.string(),
      decided_by_you: z.boolean(),
    })
    .nullable(),
})
export type ReportQueueItem = z.infer<typeof ReportQueueItem>
export const ReportQueueResponse = z.object({ reports: z.array(ReportQueueItem), waiting: z.number().int() })

export const ReportDecisionResponse = z.object({
  report: z.object({
    id: z.number().int(),
    status: z.enum(['decided', 'closed']),
    outcome: z.enum(REPORT_OUTCOMES),
  }),
})

/** The member concerned appeals once, through the link mailed with the decision. */
export const AppealInput = z.object({
  token: z.string().trim().min(16).max(128),
  text: z.string().trim().min(10, { error: 'appeal_short' }).max(4000),
})

export const SignalItem = z.object({
  id: z.number().int(),
  kind: z.enum(SIGNAL_KINDS),
  detail: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  member: z.object({
    user_id: z.number().int(),
    profile_id: z.number().int(),
    name: z.string(),
    account_status: z.string(),
  }),
})
export type SignalItem = z.infer<typeof SignalItem>
export const SignalQueueResponse = z.object({ signals: z.array(SignalItem), waiting: z.number().int() })

/**
 * Dismiss a signal, or open a case for it in the report queue (where every action is); or, for
 * many sign-ups from one address, dismiss every open one from that address at once.
 */
export const SignalReviewInput = z.object({
  signal: Id,
  action: z.enum(['dismiss', 'open_case', 'dismiss_address']),
})
/** The case opened, if any, and how many signals left the queue. */
export const SignalReviewResponse = z.object({
  report: z.number().int().nullable(),
  dismissed: z.number().int(),
})

export const BanItem = z.object({
  id: z.number().int(),
  kind: z.enum(BAN_KINDS),
  value: z.string(),
  reason: z.string(),
  /** The site's name, or null for every site. */
  site: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
})
export const BansResponse = z.object({ bans: z.array(BanItem) })
export const BanInput = z.object({
  kind: z.enum(BAN_KINDS),
  value: z.string().trim().toLowerCase().min(3).max(254),
  reason: z.string().trim().min(5, { error: 'reason_short' }).max(500),
  /** A site's id, or absent for every site. */
  site: Id.optional(),
})
export type BanInput = z.infer<typeof BanInput>
export const BanCreated = z.object({ ban: BanItem })
export const BanRemoveInput = z.object({ ban: Id })

/** GET /api/admin/report-photo.php: a chat photo of a report's conversation, for its moderators. */
export const ReportPhotoQuery = z.object({
  report: z.coerce.number().int().positive().max(2_147_483_647),
  message: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  size: z.enum(['thumb', 'full']).default('full'),
})
