import type { CallHandlers } from '#server/lib/api-route.ts'
import type { Actor } from '#server/modules/audit/audit.service.ts'
import type { VerificationService } from './verification.service.ts'

/** A moderator's decision on a live check, one handler for its route and its console form (issue 57). */
export const verificationHandlers = (s: { verification: VerificationService }) =>
  ({
    decideVerification: (body, actor) => s.verification.review(body, actor),
  }) satisfies CallHandlers<Actor>
