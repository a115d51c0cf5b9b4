/**
 * The day a rule that depends on it is checked on (whether a date of birth makes someone 18): in a
 * page, the browser's own; on the server, the injected clock of the request being served (ADR 13),
 * which `server/lib/request-clock.ts` installs. So a shared schema checks the same rule in both, on
 * each side's own day.
 */
type Source = () => Date

// The pages' server build bundles its own copy of this module, and its forms' actions check the same
// schemas: one source per process, where both copies read it (as server/plugins/ssr-context.ts's key).
const KEY = Symbol.for('dating-app.today-source')
const holder = globalThis as unknown as Record<symbol, Source | undefined>

/** Now, as the side this runs on tells it. */
export const today = (): Date => (holder[KEY] ?? (() => new Date()))()

/** Where `today()` reads the time from: the server's request clock, installed once. */
export function setTodaySource(next: Source) {
  holder[KEY] = next
}
