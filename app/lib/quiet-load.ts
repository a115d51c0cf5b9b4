/**
 * A fetcher's load in the browser that fails as data: `failed` when the network or the server
 * fails, for the page to keep what it had. Thrown, the failure would put the error page in place
 * of the member's page, for a load nobody asked for (a refresh, a page of older messages).
 */
export async function quietLoad<T>(serverLoader: () => Promise<T>): Promise<T | { failed: true }> {
  try {
    return await serverLoader()
  } catch {
    return { failed: true }
  }
}
