import { Link } from 'react-router'
import { PageTitle } from '../components/page-title.tsx'
import { SignupLink } from '../features/accounts/signup-modal.tsx'
import { MemberCard } from '../features/members/member-card.tsx'
import { useTranslation } from '../i18n.ts'
import { useRootData } from '../lib/use-root-data.ts'
import type { Route } from './+types/home'
import { redirectMember } from './accounts/guards.server.ts'
import { loadHome } from './home.server.ts'

const STEPS = ['profile', 'discover', 'chat'] as const
const FEATURES = ['free', 'likes', 'gifts', 'premium'] as const

export async function loader({ context }: Route.LoaderArgs) {
  redirectMember(context)
  return loadHome(context)
}

/** The brand's home page: who is on the site, what it offers, the call to sign up; a member goes to /members. */
export default function Home({ loaderData: { members } }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { settings } = useRootData()
  return (
    <>
      <PageTitle title={settings.index_title} />
      <section className="hero text-white">
        <div className="container py-5">
          <div className="row align-items-center g-4">
            <div className="col-lg-7">
              <h1 className="display-5 fw-bold">{settings.index_title}</h1>
              <p className="lead my-4">{settings.description}</p>
              <div className="d-flex flex-wrap gap-2">
                <SignupLink className="btn btn-light btn-lg fw-semibold px-4">{t('home.cta')}</SignupLink>
                <Link to="/login" className="btn btn-outline-light btn-lg px-4">
                  {t('home.haveAccount')}
                </Link>
              </div>
              <p className="small mt-3 mb-0 opacity-75">{t('home.adultsOnly')}</p>
            </div>
          </div>
        </div>
      </section>
      {members.length > 0 ? (
        <section className="container pt-5" aria-labelledby="members-title">
          <h2 id="members-title" className="h3 text-center mb-4">
            {t('home.membersTitle')}
          </h2>
          <ul className="row g-3 list-unstyled" aria-labelledby="members-title">
            {members.map((profile) => (
              <li key={profile.id} className="col-6 col-md-3">
                <MemberCard profile={profile} />
              </li>
            ))}
          </ul>
          {members.some((m) => m.fictional) ? (
            <p className="small text-body-secondary text-center">{settings.fictional_warning}</p>
          ) : null}
        </section>
      ) : null}
      <section className="container py-5" aria-labelledby="how-title">
        <h2 id="how-title" className="h3 text-center mb-4">
          {t('home.howTitle')}
        </h2>
        <ol className="row g-4 list-unstyled">
          {STEPS.map((step, index) => (
            <li key={step} className="col-md-4">
              <div className="card h-100 border-0 shadow-sm">
                <div className="card-body">
                  <span className="step-number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <h3 className="h5 mt-2">{t(`home.steps.${step}.title`)}</h3>
                  <p className="mb-0 text-body-secondary">{t(`home.steps.${step}.text`)}</p>
                </div>
              </div>
            </li>
          ))}
        </ol>
      </section>
      <section className="bg-light py-5" aria-labelledby="features-title">
        <div className="container">
          <h2 id="features-title" className="h3 text-center mb-4">
            {t('home.featuresTitle', { name: settings.name })}
          </h2>
          <div className="row g-4">
            {FEATURES.map((feature) => (
              <div key={feature} className="col-sm-6 col-lg-3">
                <h3 className="h6 fw-bold">{t(`home.features.${feature}.title`)}</h3>
                <p className="small text-body-secondary mb-0">{t(`home.features.${feature}.text`)}</p>
              </div>
            ))}
          </div>
          <div className="text-center mt-5">
            <SignupLink className="btn btn-primary btn-lg px-5">{t('home.cta')}</SignupLink>
          </div>
        </div>
      </section>
    </>
  )
}
