/** Where a member writes to another: a chat message or a like. */
export type WriteContext = 'chat' | 'like'

/**
 * Why a member may not write to another, as the database function write_refusal answers
 * (server/db/functions/write_refusal.sql): one list for its answers, the services' statuses and the
 * messages (errors.<code> in common/i18n).
 */
export function writeRefusals<C extends WriteContext>(context: C) {
  return [
    'member.not_found',
    `${context}.self`,
    'member.blocked',
    `${context}.blocked_by_you`,
    // Only in a chat: its member lets only verified members begin (issue 37).
    `${context}.verified_only`,
    // Only in a chat: the writer's new conversations wait for a moderator (issue 38).
    `${context}.held`,
  ] as const
}

export type WriteRefusal<C extends WriteContext> = ReturnType<typeof writeRefusals<C>>[number]

/** The HTTP status of each refusal. */
export function writeRefusalStatus(refusal: WriteRefusal<WriteContext>): number {
  if (refusal === 'member.not_found') return 404
  if (refusal.endsWith('.self')) return 400
  return 403
}
