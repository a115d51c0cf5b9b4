import { SignupLink } from '../../features/accounts/index.ts'
import { FictionalBadge } from '../../features/members/index.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { LanderFootnotes, type LanderProps, MemberPhoto } from './lander-parts.tsx'

/** The collage lander: a handful of members' portraits pinned around the promise, like a pinboard. */
export function CollageLander({ members, signupTo, t }: LanderProps) {
  const { settings } = useRootData()
  const pinned = members.filter((m) => m.main_image).slice(0, 6)
  return (
    <section className="collage-lander py-4 py-md-5">
      <div className="container">
        <div className="collage-board mx-auto">
          {pinned.map((m, i) => (
            <figure key={m.id} className={`collage-photo collage-photo-${i} mb-0`}>
              <MemberPhoto member={m} t={t} eager={i < 3} first={i === 0} />
              <figcaption>
                {m.name} {m.fictional ? <FictionalBadge /> : null}
              </figcaption>
            </figure>
          ))}
          <div className="collage-center card border-0 shadow text-center p-4">
            <h1 className="h2 fw-bold">{t('landers.collagelanding.title')}</h1>
            <p className="mb-3">{t('landers.collagelanding.text', { name: settings.name })}</p>
            <SignupLink to={signupTo} className="btn btn-primary btn-lg fw-semibold">
              {t('landers.cta')}
            </SignupLink>
          </div>
        </div>
        <LanderFootnotes members={pinned} t={t} className="text-body-secondary text-center" />
      </div>
    </section>
  )
}
