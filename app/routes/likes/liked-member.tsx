import { useEffect } from 'react'
import { useLikesStore } from '../../features/likes/index.ts'
import Member from '../members/member.tsx'
import type { Route } from './+types/liked-member'
import { loadLikedMember } from './likes.server.ts'

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadLikedMember(context, params.id)
}

/** /likes/m/{id}: a member page opened from the likes lists; opening it clears the like's like_new. */
export default function LikedMember(props: Route.ComponentProps) {
  const { seen } = useLikesStore()
  const profileId = props.loaderData.profile.id
  useEffect(() => seen(profileId), [seen, profileId])
  return <Member {...(props as unknown as Parameters<typeof Member>[0])} />
}
