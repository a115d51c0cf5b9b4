// The V8 flags an app node runs with, in one list: production's command (docs/production.md), npm
// start (package.json), the benches and the fault tests that start a node run it with these
// (node-flags.test.ts holds them together).

/**
 * The old generation starts at 256 MB (issue 62; ADR 39). A node's live heap is about 80 MB (its
 * modules, their source and schemas); V8's own sizing kept the old generation's limit so near it that,
 * under load, every scavenge of the 64 MB young generation was followed by a full mark-compact, about
 * once a second, whose concurrent marking of those 80 MB cost a member search 0.3 ms of the node's CPU.
 *
 * No memory reducer (issue 62; ADR 39). V8's memory reducer, made for a browser's idle tab, gives
 * memory back once allocation has stayed low for 8 s: a full mark-compact that shrinks the heap, its
 * young generation with it (the node's committed heap went from about 250 to 120 MB). A node whose
 * members fell quiet for 11 s (the chat bench's node behind its ceiling's rounds) then met their
 * return with scavenges ten times as often while the young generation grew back: 93 in the next 5 s
 * round of 1,000 messages a second, against 6 to 8, and that round's p99 went from 10 to 19 ms to
 * 24 to 88 ms. A node keeps the memory it needed at its busiest.
 */
export const NODE_FLAGS: readonly string[] = ['--initial-old-space-size=256', '--no-memory-reducer']
