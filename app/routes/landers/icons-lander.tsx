import { SignupLink } from '../../features/accounts/index.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { LanderFootnotes, type LanderProps, MemberPhoto } from './lander-parts.tsx'

const STEPS = [
  ['signup', '✎'],
  ['like', '♥'],
  ['match', '✦'],
  ['chat', '✉'],
] as const

/** The icons lander: how it works in four steps, each with its icon, and faces of members to meet. */
export function IconsLander({ members, signupTo, t }: LanderProps) {
  const { settings } = useRootData()
  const faces = members.filter((m) => m.main_image).slice(0, 5)
  return (
    <section className="icons-lander py-4 py-md-5">
      <div className="container text-center">
        <h1 className="display-6 fw-bold">{t('landers.iconslanding.title')}</h1>
        <p className="lead">{t('landers.iconslanding.text', { name: settings.name })}</p>
        <ol className="list-unstyled row row-cols-2 row-cols-md-4 g-3 my-4 icons-steps">
          {STEPS.map(([key, icon], i) => (
            <li key={key} className="col">
              <div className="card h-100 border-0 shadow-sm p-3">
                <span className="icons-step-icon mx-auto mb-2" aria-hidden="true">
                  {icon}
                </span>
                <p className="fw-semibold mb-1">
                  {i + 1}. {t(`landers.iconslanding.steps.${key}`)}
                </p>
                <p className="small text-body-secondary mb-0">{t(`landers.iconslanding.stepsText.${key}`)}</p>
              </div>
            </li>
          ))}
        </ol>
        {faces.length > 0 ? (
          <div className="icons-faces d-flex justify-content-center mb-3">
            {faces.map((m) => (
              <MemberPhoto
                key={m.id}
                member={m}
                t={t}
                size={64}
                className="rounded-circle border border-3 border-white"
              />
            ))}
          </div>
        ) : null}
        <SignupLink to={signupTo} className="btn btn-primary btn-lg fw-semibold px-5">
          {t('landers.cta')}
        </SignupLink>
        <LanderFootnotes members={faces} t={t} className="text-body-secondary" />
      </div>
    </section>
  )
}
