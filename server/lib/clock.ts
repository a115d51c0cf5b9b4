/**
 * The one source of the current time (ADR 13). buildApp takes a clock and hands it to every service;
 * SQL compares against the time it is given as a parameter, never against its own `now()`, so a test
 * that moves the clock moves Node and the database together.
 */
export type Clock = () => Date

export const systemClock: Clock = () => new Date()

export const DAY_MS = 86_400_000

/** A moment `ms` milliseconds before or after another. */
export const shifted = (at: Date, ms: number) => new Date(at.getTime() + ms)
