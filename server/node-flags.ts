// The V8 flags an app node runs with, in one list: production's command (docs/production.md), npm
// start (package.json), the benches and the fault tests that start a node run it with these
// (node-flags.test.ts holds them together).

/**
 * The old generation starts at 256 MB (issue 62; ADR 39). A node's live heap is about 80 MB (its
 * modules, their source and schemas); V8's own sizing kept the old generation's limit so near it that,
 * under load, every scavenge of the 64 MB young generation was followed by a full mark-compact, about
 * once a second, whose concurrent marking of those 80 MB cost a member search 0.3 ms of the node's CPU.
 */
export const NODE_FLAGS: readonly string[] = ['--initial-old-space-size=256']
