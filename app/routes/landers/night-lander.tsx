import { SignupLink } from '../../features/accounts/index.ts'
import { FictionalBadge, PresenceBadge } from '../../features/members/index.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { LanderFootnotes, type LanderProps, MemberPhoto } from './lander-parts.tsx'

/**
 * The alonetonight lander: a night sky of the members most recently active, each with what their
 * presence really is ("Online now", "Active today", or nothing), and the way in.
 */
export function NightLander({ members, signupTo, t }: LanderProps) {
  const { settings } = useRootData()
  const faces = members.filter((m) => m.main_image).slice(0, 8)
  return (
    <section className="night-lander text-white py-5">
      <div className="container text-center">
        <h1 className="display-5 fw-bold">{t('landers.alonetonight.title')}</h1>
        <p className="lead mx-auto night-lead">{t('landers.alonetonight.text', { name: settings.name })}</p>
        <ul className="list-unstyled d-flex flex-wrap justify-content-center gap-3 my-4 night-faces">
          {faces.map((m) => (
            <li key={m.id} className="night-face">
              <MemberPhoto member={m} t={t} size={96} className="rounded-circle" />
              <span className="d-block small fw-semibold mt-1">
                {m.name} {m.fictional ? <FictionalBadge /> : null}
              </span>
              <PresenceBadge presence={m.presence} className="d-block text-white-50" />
            </li>
          ))}
        </ul>
        <SignupLink to={signupTo} className="btn btn-light btn-lg fw-semibold px-5">
          {t('landers.cta')}
        </SignupLink>
        <LanderFootnotes members={faces} t={t} className="text-white-50" />
      </div>
    </section>
  )
}
