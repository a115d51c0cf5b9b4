import { type EventBus, SERVER_NODES } from './events.ts'

/** Whose sessions ended: a member's or a staff member's (some or all of them). */
type EndedSessions = { member: number } | { staff: number }

/**
 * Tells every node that sessions of a member or a staff member ended (a logout, a new password, a
 * ban, a disabled staff account…), after the commit that ended them: each node checks that person's
 * open sockets against their sessions again and closes those no longer allowed (ADR 13).
 */
export type SessionsEnded = (who: EndedSessions) => void

export const announceSessionsEnded =
  (events: EventBus): SessionsEnded =>
  (who) =>
    events.emit({ type: 'sessions.ended', userId: SERVER_NODES, ...who })

/**
 * For the services a process without sockets runs (the command line, the standalone jobs, a
 * benchmark): no socket of theirs to close; the nodes' own checks (ADR 13) close any elsewhere.
 */
export const noSocketsHere: SessionsEnded = () => {}
