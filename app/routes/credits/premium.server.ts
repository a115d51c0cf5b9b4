import type { RouterContextProvider } from 'react-router'
import { getAppContext } from '../../context.server.ts'

/** /premium: the claim of a higher chance of a match, from the site's own members (or none). */
export async function loadPremium(context: Readonly<RouterContextProvider>) {
  const app = getAppContext(context)
  return { matchLift: await app.services.likes.premiumMatchLift(app.site.id) }
}
