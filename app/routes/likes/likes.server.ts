import { data, type RouterContextProvider } from 'react-router'
import { LIKE_LIST_TYPES, type LikeListType } from '#common/choices.ts'
import { getAppContext } from '../../context.server.ts'
import { requireUser } from '../accounts/guards.server.ts'
import { loadMember } from '../members/member.server.ts'

/** /likes and /likes/{type}: members only; an unknown type is a 404. The lists come from the likes store. */
export function loadLikes(context: Readonly<RouterContextProvider>, type: string | undefined) {
  requireUser(context)
  const listType = (type ?? 'received') as LikeListType
  if (!LIKE_LIST_TYPES.includes(listType)) throw data(null, { status: 404 })
  return { type: listType }
}

/** /likes/m/{id}: the member page, opened from the likes lists; their like now counts as seen. */
export async function loadLikedMember(context: Readonly<RouterContextProvider>, id: string | undefined) {
  const user = requireUser(context)
  const page = await loadMember(context, id)
  await getAppContext(context).services.likes.markSeen(user.id, page.profile.id)
  return page
}
