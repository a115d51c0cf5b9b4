import { z } from 'zod'
import { ClientId } from './chat.ts'
import { OwnProfile, ProfileFields, refuseAtName } from './members.ts'
import { MessageKind } from './message.ts'

const Id = z.number().int().positive().max(2_147_483_647)

/** A profile as operators see it: public facts only, never an address, payment or ledger. */
const InboxProfile = z.object({
  profile_id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  country: z.string(),
  thumb_url: z.string().nullable(),
})

export const InboxItem = z.object({
  conversation: z.number().int(),
  site: z.string(),
  waiting_since: z.string(),
  /** Claimed by another operator, whose claim has not run out. */
  claimed: z.boolean(),
  claimed_by_me: z.boolean(),
  member: InboxProfile,
  fictional: InboxProfile,
  last_text: z.string(),
  /** The last message's kind, and a voice note's length: the list previews it as the chat list does. */
  last_kind: MessageKind,
  last_seconds: z.number().nullable(),
  /** The member asked whether the profile is real (ADR 32): the answer carries the disclosure. */
  asked_real: z.boolean(),
})
export type InboxItem = z.infer<typeof InboxItem>

export const InboxResponse = z.object({
  conversations: z.array(InboxItem),
  waiting: z.number().int(),
  /** Per site: how many wait and since when the oldest. */
  sites: z.array(z.object({ site: z.string(), waiting: z.number().int(), oldest: z.string().nullable() })),
  /** The asking operator's own figures. */
  me: z.object({ answers_last_hour: z.number().int(), median_wait_seconds: z.number().nullable() }),
})

export const InboxClaimInput = z.object({ conversation: Id.optional() })
export const InboxClaimResponse = z.object({ conversation: z.number().int(), expires_at: z.string() })

export const InboxConversationQuery = z.object({
  conversation: z.coerce.number().int().positive().max(2_147_483_647),
})
export const InboxConversation = z.object({
  conversation: z.number().int(),
  expires_at: z.string(),
  /** The member asked whether the profile is real: the answer will carry this sentence (ADR 32). */
  disclosure: z.string().nullable(),
  member: InboxProfile.extend({
    city: z.string().nullable(),
    about: z.string().nullable(),
    photos: z.array(z.string()),
  }),
  fictional: InboxProfile.extend({ about: z.string().nullable() }),
  messages: z.array(
    z.object({
      id: z.number().int(),
      from: z.enum(['member', 'fictional']),
      kind: MessageKind,
      /** What it said (common/message-kinds.ts's staffWords). */
      text: z.string(),
      at: z.string(),
      /** A member's voice note, for the operator to play (issue 58): GET /api/admin/inbox-voice.php. */
      voice: z.object({ url: z.string(), seconds: z.number() }).nullable(),
    }),
  ),
  notes: z.array(z.object({ id: z.number().int(), text: z.string(), by: z.string(), at: z.string() })),
})
export type InboxConversation = z.infer<typeof InboxConversation>

/** GET /api/admin/inbox-voice.php: a voice note of a conversation the operator holds. */
export const InboxVoiceQuery = InboxConversationQuery.extend({
  message: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})
export const InboxConversationResponse = z.object({ conversation: InboxConversation })

export const InboxAnswerInput = z.object({
  conversation: Id,
  text: z.string().trim().min(1, { error: 'message_required' }).max(2000),
  client_id: ClientId,
})
export const InboxAnswerResponse = z.object({ message: z.number().int() })
export const InboxNoteInput = z.object({ conversation: Id, text: z.string().trim().min(2).max(500) })
export const InboxNoteResponse = z.object({
  note: z.object({ id: z.number().int(), text: z.string(), by: z.string(), at: z.string() }),
})
export const InboxReleaseInput = z.object({ conversation: Id })

/** A fictional profile as the console lists it. */
export const FictionalListItem = z.object({
  profile_id: z.number().int(),
  site: z.string(),
  name: z.string(),
  age: z.number().int(),
  gender: z.string(),
  country: z.string(),
  thumb_url: z.string().nullable(),
  photos: z.number().int(),
})
export const FictionalListResponse = z.object({ profiles: z.array(FictionalListItem) })

/** What operators and admins write of a fictional profile; the fictional flag is not theirs to change. */
const FictionalFields = ProfileFields.omit({ invisible: true }).partial()
export const FictionalProfileInput = FictionalFields.required({
  name: true,
  date_of_birth: true,
  gender: true,
  country: true,
})
  .extend({ site: Id })
  .superRefine(refuseAtName)
export type FictionalProfileInput = z.infer<typeof FictionalProfileInput>
export const FictionalProfileUpdate = FictionalFields.extend({ profile: Id }).superRefine(refuseAtName)
export type FictionalProfileUpdate = z.infer<typeof FictionalProfileUpdate>
export const FictionalProfileQuery = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })
export const FictionalProfileResponse = z.object({ profile: OwnProfile.extend({ site: z.number().int() }) })
export const FictionalPhotoFields = z.object({
  profile: z.coerce.number().int().positive().max(2_147_483_647),
})
export const FictionalPhotoInput = z.object({ photo: Id })
