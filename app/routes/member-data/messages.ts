import { quietLoad } from '../../lib/quiet-load.ts'
import { loadOlderMessages } from '../chat/chat.server.ts'
import type { Route } from './+types/messages'

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadOlderMessages(context, new URL(request.url))
}

/** In the browser a failed load is `failed` (app/lib/quiet-load.ts), not the error page. */
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => quietLoad(serverLoader)

/** Each page is loaded once, when the member scrolls to it. */
export function shouldRevalidate() {
  return false
}
