import type { RouterContextProvider } from 'react-router'
import { getAppContext } from '../../context.server.ts'
import { requireUser } from '../accounts/guards.server.ts'

/** /swipe-game: members only; the first cards and today's likes left. */
export async function loadSwipeGame(context: Readonly<RouterContextProvider>) {
  const user = requireUser(context)
  const app = getAppContext(context)
  return app.services.swipes.deck(user.id, app.site.settings.cdn_prefix)
}
