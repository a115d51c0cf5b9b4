import { useEffect, useState } from 'react'
import { SignupLink } from '../../features/accounts/index.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { LanderFootnotes, type LanderProps } from './lander-parts.tsx'

/** How long each portrait stays on screen. */
const SLIDE_MS = 3500

/**
 * The two moving landers, made of members' photos (no third-party video): `video` slowly zooms into
 * one portrait after another, as a film would; `transitionsvideolanding` crossfades them behind the
 * promise. Each slide says who it is. Reduced motion (the system setting) gets still slides.
 */
export function SlideshowLander({
  members,
  signupTo,
  t,
  name,
}: LanderProps & { name: 'video' | 'transitionsvideolanding' }) {
  const { settings } = useRootData()
  const slides = members.filter((m) => m.main_image).slice(0, 6)
  const [at, setAt] = useState(0)
  useEffect(() => {
    if (slides.length < 2) return
    const timer = setInterval(() => setAt((n) => (n + 1) % slides.length), SLIDE_MS)
    return () => clearInterval(timer)
  }, [slides.length])
  const current = slides[at]
  return (
    <section className={`slideshow-lander slideshow-${name} text-white`}>
      <div className="slideshow-frame" aria-hidden="true">
        {slides.map((m, i) => (
          <img
            key={m.id}
            src={m.main_image?.filename}
            alt=""
            width={720}
            height={720}
            loading={i === 0 ? 'eager' : 'lazy'}
            fetchPriority={i === 0 ? 'high' : undefined}
            className={`slideshow-slide ${i === at ? 'is-current' : ''}`}
          />
        ))}
      </div>
      <div className="slideshow-copy container py-5">
        <h1 className="display-5 fw-bold">{t(`landers.${name}.title`)}</h1>
        <p className="lead my-3">{t(`landers.${name}.text`, { name: settings.name })}</p>
        {current ? (
          <p className="slideshow-who mb-3" aria-live="off">
            {t('landers.slideWho', {
              name: current.name,
              age: current.age,
              place: current.city ?? current.region,
            })}
          </p>
        ) : null}
        <SignupLink to={signupTo} className="btn btn-light btn-lg fw-semibold px-5">
          {t('landers.cta')}
        </SignupLink>
        <LanderFootnotes members={slides} t={t} className="opacity-75" />
      </div>
    </section>
  )
}
