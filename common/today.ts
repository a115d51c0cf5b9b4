/**
 * The day a rule that depends on it is checked on (whether a date of birth makes someone 18): in a
 * page, the browser's own; on the server, the injected clock of the request being served (ADR 13),
 * which `server/lib/request-clock.ts` installs. So a shared schema checks the same rule in both, on
 * each side's own day.
 */
let source: () => Date = () => new Date()

/** Now, as the side this runs on tells it. */
export const today = (): Date => source()

/** Where `today()` reads the time from: the server's request clock, installed once. */
export function setTodaySource(next: () => Date) {
  source = next
}
