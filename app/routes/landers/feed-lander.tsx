import type { MemberDetail } from '#common/schemas/members.ts'
import { SignupLink } from '../../features/accounts/index.ts'
import { FictionalBadge } from '../../features/members/index.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { LanderFootnotes, type LanderProps, MemberPhoto } from './lander-parts.tsx'

/**
 * The social network lander: a feed of members' own words (their public "about me", in the page's
 * language where they have it) and photos, as a social network shows posts; joining to answer.
 */
export function FeedLander({ signupTo, t, feed }: LanderProps & { feed: MemberDetail[] }) {
  const { settings } = useRootData()
  return (
    <section className="feed-lander py-4 py-md-5">
      <div className="container">
        <div className="row g-4">
          <div className="col-lg-5">
            <div className="feed-intro position-sticky">
              <h1 className="display-6 fw-bold">{t('landers.socialnetwork.title')}</h1>
              <p className="lead">{t('landers.socialnetwork.text', { name: settings.name })}</p>
              <SignupLink to={signupTo} className="btn btn-primary btn-lg fw-semibold">
                {t('landers.cta')}
              </SignupLink>
            </div>
          </div>
          <div className="col-lg-7">
            <ol className="list-unstyled mb-0 feed-posts">
              {feed.map((m, i) => (
                <li key={m.id} className="card border-0 shadow-sm mb-3">
                  <div className="card-body">
                    <p className="d-flex align-items-center gap-2 mb-2">
                      {m.main_image ? (
                        <img
                          src={m.main_image.thumb_filename}
                          alt=""
                          width={40}
                          height={40}
                          className="rounded-circle"
                        />
                      ) : null}
                      <span className="fw-semibold">
                        {m.name}, {m.age} {m.fictional ? <FictionalBadge /> : null}
                      </span>
                      <span className="small text-body-secondary">{m.city ?? m.region}</span>
                    </p>
                    {m.about ? <p className="mb-2">{m.about}</p> : null}
                    <MemberPhoto member={m} t={t} size={720} first={i === 0} className="feed-photo rounded" />
                    <p className="mt-2 mb-0">
                      <SignupLink to={signupTo} className="btn btn-sm btn-outline-primary">
                        {t('landers.socialnetwork.answer', { name: m.name })}
                      </SignupLink>
                    </p>
                  </div>
                </li>
              ))}
            </ol>
            <LanderFootnotes members={feed} t={t} className="text-body-secondary" />
          </div>
        </div>
      </div>
    </section>
  )
}
