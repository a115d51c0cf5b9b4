import { Link } from 'react-router'
import { LIKE_LIST_TYPES, type LikeListType } from '#common/choices.ts'
import type { LikesResponse } from '#common/schemas/likes.ts'
import { PageTitle } from '../../components/page-title.tsx'
import { useLikesStore } from '../../features/likes/index.ts'
import { FictionalListNote } from '../../features/members/index.ts'
import { MemberCard } from '../../features/members/member-card.tsx'
import { useTranslation } from '../../i18n.ts'
import { badgeText } from '../../lib/badge.ts'
import type { Route } from './+types/likes'
import { loadLikes } from './likes.server.ts'

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadLikes(context, params.type)
}

/** The three lists of the likes store: who likes me, whom I like, and matches (both). */
function listOf(likes: LikesResponse | null, type: LikeListType) {
  if (!likes) return []
  const likedMe = new Map(likes.liked_by.map((l) => [l.id, l.like_new]))
  return likes.profiles
    .filter((p) =>
      type === 'received' ? likedMe.has(p.id) : type === 'sent' ? p.liked : p.liked && likedMe.has(p.id),
    )
    .map((profile) => ({ profile, isNew: likedMe.get(profile.id) === true }))
}

/** /likes and /likes/{type}: the members who like me, whom I like, and my matches. */
export default function Likes({ loaderData: { type } }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { likes, newLikes } = useLikesStore()
  const list = listOf(likes, type)
  const newBadge = badgeText(newLikes)
  return (
    <div className="container py-4">
      <PageTitle title={t(`likes.types.${type}`)} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 me-auto mb-0">{t('likes.title')}</h1>
        <Link to="/swipe-game" className="btn btn-outline-primary btn-sm">
          {t('swipe.title')}
        </Link>
        <Link to="/match-finder" className="btn btn-outline-primary btn-sm">
          {t('matchFinder.title')}
        </Link>
      </div>
      <nav aria-label={t('likes.lists')}>
        {/* One row of equal tabs, on a phone too. */}
        <ul className="nav nav-pills nav-fill flex-nowrap mb-4">
          {LIKE_LIST_TYPES.map((listType) => (
            <li className="nav-item" key={listType}>
              <Link
                to={`/likes/${listType}`}
                className={`nav-link text-nowrap px-2${listType === type ? ' active' : ''}`}
                aria-current={listType === type ? 'page' : undefined}
              >
                {t(`likes.types.${listType}`)}
                {listType === 'received' && newBadge ? (
                  <span className="badge rounded-pill text-bg-danger ms-2">{newBadge}</span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {list.length === 0 ? (
        <div className="text-center py-5 text-body-secondary">
          <p className="lead">{t(`likes.empty.${type}`)}</p>
          <Link to="/members" className="btn btn-primary">
            {t('likes.searchMembers')}
          </Link>
        </div>
      ) : (
        <ul className="member-grid list-unstyled" aria-label={t(`likes.types.${type}`)}>
          {list.map(({ profile, isNew }) => (
            <li key={profile.id}>
              <MemberCard profile={profile} to={`/likes/m/${profile.id}`} isNew={type !== 'sent' && isNew} />
            </li>
          ))}
        </ul>
      )}
      <FictionalListNote profiles={list.map((l) => l.profile)} />
    </div>
  )
}
