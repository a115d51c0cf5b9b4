import { SignupLink } from '../../features/accounts/index.ts'
import { FictionalBadge } from '../../features/members/index.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { LanderFootnotes, type LanderProps, MemberPhoto } from './lander-parts.tsx'

/** The gallery lander: a wall of real members' portraits, names and towns, and the sign-up after it. */
export function GalleryLander({ members, signupTo, t }: LanderProps) {
  const { settings } = useRootData()
  return (
    <section className="gallery-lander py-4 py-md-5">
      <div className="container">
        <div className="text-center mb-4">
          <h1 className="display-6 fw-bold">{t('landers.gallery.title')}</h1>
          <p className="lead mb-3">{t('landers.gallery.text', { name: settings.name })}</p>
          <SignupLink to={signupTo} className="btn btn-primary btn-lg fw-semibold px-5">
            {t('landers.cta')}
          </SignupLink>
        </div>
        <ul className="list-unstyled gallery-wall mb-0">
          {members.map((m, i) => (
            <li key={m.id} className="gallery-tile">
              <MemberPhoto member={m} t={t} eager={i < 4} first={i === 0} />
              <p className="gallery-caption mb-0">
                {m.name}, {m.age} {m.fictional ? <FictionalBadge /> : null}
                <span className="d-block small opacity-75">{m.city ?? m.region}</span>
              </p>
            </li>
          ))}
        </ul>
        <div className="text-center mt-4">
          <SignupLink to={signupTo} className="btn btn-outline-primary btn-lg fw-semibold">
            {t('landers.gallery.more')}
          </SignupLink>
          <LanderFootnotes members={members} t={t} className="text-body-secondary" />
        </div>
      </div>
    </section>
  )
}
