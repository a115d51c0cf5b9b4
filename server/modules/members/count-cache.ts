/**
 * Search totals for a few seconds: paging through results and many members running the same broad
 * search reuse one count instead of counting up to a million rows each time. A total may be up to
 * `ttlMs` old, which a "N members found" line can afford.
 */
export function createCountCache(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const now = options.now ?? Date.now
  const entries = new Map<string, { value: Promise<number>; expires: number }>()
  return {
    get(key: string, count: () => Promise<number>): Promise<number> {
      const hit = entries.get(key)
      if (hit && hit.expires > now()) return hit.value
      if (hit) entries.delete(key)
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value as string)
      const value = count()
      entries.set(key, { value, expires: now() + options.ttlMs })
      value.catch(() => entries.delete(key))
      return value
    },
    clear: () => entries.clear(),
  }
}
