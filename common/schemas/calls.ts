import { z } from 'zod'
import { CALL_END_REASONS, CALL_UNAVAILABLE } from '../calls.ts'
import { Id } from './message.ts'

/** How a browser reaches the relay: the RTCPeerConnection's configuration, credentials included. */
export const IceConfig = z.object({
  servers: z.array(
    z.object({
      urls: z.array(z.string()),
      username: z.string().optional(),
      credential: z.string().optional(),
    }),
  ),
  policy: z.enum(['relay', 'all']),
})
export type IceConfig = z.infer<typeof IceConfig>

/** GET /api/call-consent.php?conversation=: whether this conversation offers calls, and the member's own choice. */
export const CallConsentQuery = z.object({ conversation: z.coerce.number().pipe(Id) })
/** PUT /api/call-consent.php: the member allows calls in one conversation, or stops allowing them. */
export const CallConsentInput = z.object({ conversation: Id, allowed: z.boolean() })
export const CallAvailability = z.object({
  conversation: z.number().int(),
  /** The member's own choice; the other's is never shown, only whether both made it. */
  allowed_by_me: z.boolean(),
  /** Both allow calls: the call button shows. */
  available: z.boolean(),
  /** Why no call can be offered here, whatever either member chooses; null when one can. */
  unavailable: z.enum(CALL_UNAVAILABLE).nullable(),
  /** What a started minute costs the caller, in credits. */
  credits_per_minute: z.number().int(),
})
export type CallAvailability = z.infer<typeof CallAvailability>

/** POST /api/call.php: the member calls the other member of a conversation. */
export const StartCallInput = z.object({ conversation: Id, video: z.boolean() })
export const StartCallResponse = z.object({
  call: z.number().int(),
  ice: IceConfig,
  /** When the ring ends with no answer (the server's time). */
  ring_ends_at: z.iso.datetime({ offset: true }),
})

/** POST /api/call-answer.php: the callee accepts or declines. */
export const AnswerCallInput = z.object({ call: Id, accept: z.boolean() })
export const AnswerCallResponse = z.object({ ice: IceConfig.nullable() })

/** POST /api/call-end.php: either member ends the call (the caller's before an answer cancels it). */
export const EndCallInput = z.object({ call: Id })

/** POST /api/call-report.php: a member reports the other after or during a call (its metadata only). */
export const CallReportInput = z.object({ call: Id })
export const CallReportResponse = z.object({ id: z.number().int() })

/** A session description or one ICE candidate, as a browser's RTCPeerConnection gives them. */
export const CallSignal = z.object({
  call: Id,
  description: z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(12_000) }).optional(),
  candidate: z
    .object({
      candidate: z.string().max(600),
      sdpMid: z.string().max(32).nullable().optional(),
      sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
    })
    .optional(),
  /** The callee now sees the caller's video plain: the caller's own blur state (issue 59, point 3). */
  shown: z.literal(true).optional(),
})
export type CallSignal = z.infer<typeof CallSignal>

/** Who calls, as the callee's ring shows them. */
export const Caller = z.object({
  profileId: z.number().int(),
  name: z.string(),
  photo: z.string().nullable(),
  verified: z.boolean(),
})

export const CallEndReason = z.enum(CALL_END_REASONS)
