import { useEffect, useState } from 'react'
import { useNavigate, useRevalidator, useSearchParams } from 'react-router'
import { PageTitle } from '../../components/page-title.tsx'
import { AboutStep } from '../../features/signup-flow/about-step.tsx'
import { DoneStep } from '../../features/signup-flow/done-step.tsx'
import { InterestsStep } from '../../features/signup-flow/interests-step.tsx'
import { LocationStep } from '../../features/signup-flow/location-step.tsx'
import { PhotoStep } from '../../features/signup-flow/photo-step.tsx'
import { PreferenceStep } from '../../features/signup-flow/preference-step.tsx'
import { PushStep } from '../../features/signup-flow/push-step.tsx'
import { useTranslation } from '../../i18n.ts'
import { pushState } from '../../lib/push.ts'
import type { Route } from './+types/complete-signup'
import { loadCompleteSignup, saveSignupStep } from './complete-signup.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return loadCompleteSignup(context)
}

export async function action({ context, request }: Route.ActionArgs) {
  return saveSignupStep(context, request)
}

const STEPS = ['push', '0', '1', '2', '3', '4', 'done'] as const
type Step = (typeof STEPS)[number]

/** The sign-up flow (spec section 4): push opt-in, steps 0 to 4, then confirm the e-mail. */
export default function CompleteSignup({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const requested = params.get('step')
  const step: Step = STEPS.includes(requested as Step) ? (requested as Step) : 'push'
  const [askPush, setAskPush] = useState<boolean | null>(null)
  useEffect(
    () => setAskPush(pushState(window) === 'capable' && !window.localStorage.getItem('push-asked')),
    [],
  )
  const go = (next: Step) => navigate(`?step=${next}`)
  const nextOf = (current: Step) => STEPS[STEPS.indexOf(current) + 1]
  useEffect(() => {
    if (step === 'push' && askPush === false) navigate('?step=0', { replace: true })
  }, [step, askPush, navigate])
  // The steps this member is shown: the push offer only where it is asked, never "done".
  const counted = STEPS.filter((s) => s !== 'done' && (s !== 'push' || askPush))
  const position: [number, number] = [Math.max(0, counted.indexOf(step)), counted.length]
  const { profile } = loaderData

  return (
    <div className="container py-4 narrow-page">
      <PageTitle title={t('completeSignup.title')} />
      {step === 'push' ? (
        askPush ? (
          <PushStep publicKey={loaderData.pushKey} onDone={() => go('0')} step={position} />
        ) : (
          <>
            <p aria-busy="true">{t('common.loading')}</p>
            {/* The push offer needs the scripts: without them the steps start at the first. */}
            <noscript>
              <a href="?step=0" className="btn btn-primary">
                {t('completeSignup.next')}
              </a>
            </noscript>
          </>
        )
      ) : null}
      {step === '0' ? <PreferenceStep profile={profile} next="1" step={position} /> : null}
      {step === '1' ? (
        <LocationStep
          profile={profile}
          countries={loaderData.countries}
          knownRegions={loaderData.regions}
          next="2"
          step={position}
        />
      ) : null}
      {step === '2' ? (
        <PhotoStep
          profile={profile}
          onDone={() => go('3')}
          onSkip={() => go('3')}
          onUploaded={() => void revalidator.revalidate()}
          step={position}
        />
      ) : null}
      {step === '3' ? <InterestsStep profile={profile} next="4" step={position} /> : null}
      {step === '4' ? <AboutStep profile={profile} next={nextOf('4')} step={position} /> : null}
      {step === 'done' ? <DoneStep email={loaderData.email} /> : null}
    </div>
  )
}
