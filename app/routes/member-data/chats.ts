import { quietLoad } from '../../lib/quiet-load.ts'
import type { Route } from './+types/chats'
import { loadMemberChats } from './member-data.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return loadMemberChats(context)
}

/** In the browser a failed load is `failed` (app/lib/quiet-load.ts), not the error page. */
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => quietLoad(serverLoader)

/** Loaded only when its store asks (frames keep it current between), never again after an action. */
export function shouldRevalidate() {
  return false
}
