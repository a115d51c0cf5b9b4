// "Your turn" (issue 61, point 4): conversations waiting for a member's answer. The chat list shows
// them first with how long they have waited; past a count of long waits, a kind banner shows before
// the member likes someone new, with a reply and a polite close for each.

/** A conversation has waited long when the member's answer is awaited for this many hours. */
export const TURN_LONG_WAIT_HOURS = 24
/** The banner shows when more than this many conversations have waited long. */
export const TURN_BANNER_OVER = 8
/** How many of them the banner lists (the longest waits); the others are in the chat list. */
export const TURN_BANNER_SHOWN = 5

/** How long a member's answer has been awaited, as the chat list says it: minutes, hours or days. */
export function waitedFor(since: string, now: Date): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  const minutes = Math.max(1, Math.floor((now.getTime() - new Date(since).getTime()) / 60_000))
  if (minutes < 60) return { unit: 'minutes', count: minutes }
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return { unit: 'hours', count: hours }
  return { unit: 'days', count: Math.floor(hours / 24) }
}

/** The chat list's order: the member's turn first (the longest wait first), then the others as they were. */
export function yourTurnFirst<C extends { turn_since: string | null }>(chats: readonly C[]): C[] {
  const waiting = chats.filter((c) => c.turn_since !== null)
  waiting.sort((a, b) => (a.turn_since as string).localeCompare(b.turn_since as string))
  return [...waiting, ...chats.filter((c) => c.turn_since === null)]
}
