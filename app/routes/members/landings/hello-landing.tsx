import { useState } from 'react'
import { SignupLink } from '../../../features/accounts/index.ts'
import { FictionalBadge, PresenceBadge } from '../../../features/members/index.ts'
import { keepOpeningLine } from '../../../lib/opening-line.ts'
import { LandingFootnotes, type LandingProps } from './landing-parts.tsx'

/**
 * /members/{id}/landing2: "Say hello to Eva", as a conversation about to start: her card as the
 * head of an empty chat, and opening lines to pick. The line picked waits in the composer after
 * sign-up; nothing is said in her name.
 */
export function HelloLanding({ profile, place, signupTo, t }: LandingProps) {
  const lines = t<string[]>('chat.icebreakers.lines', { returnObjects: true, name: profile.name }).slice(0, 3)
  const [picked, setPicked] = useState<string | null>(null)
  const image = profile.main_image
  return (
    <div className="container py-4 py-md-5">
      <div className="card shadow border-0 mx-auto hello-landing overflow-hidden">
        <div className="d-flex align-items-center gap-3 p-3 border-bottom bg-white">
          {image ? (
            <img src={image.thumb_filename} alt="" width={56} height={56} className="rounded-circle" />
          ) : null}
          <div className="min-w-0">
            <p className="fw-semibold mb-0">
              {profile.name}, {profile.age} {profile.fictional ? <FictionalBadge /> : null}
            </p>
            <p className="small text-body-secondary mb-0 text-truncate">{place}</p>
            <PresenceBadge presence={profile.presence} />
          </div>
        </div>
        <div className="p-3 p-md-4 hello-landing-body">
          <h1 className="h4 text-center mb-1">{t('memberLanding.title2', { name: profile.name })}</h1>
          <p className="text-center text-body-secondary">
            {t('memberLanding.pickLine', { name: profile.name })}
          </p>
          <fieldset>
            <legend className="visually-hidden">{t('memberLanding.pickLine', { name: profile.name })}</legend>
            {lines.map((line) => (
              <label key={line} className={`hello-line d-block mb-2 ${picked === line ? 'is-picked' : ''}`}>
                <input
                  type="radio"
                  name="opening-line"
                  className="visually-hidden"
                  checked={picked === line}
                  onChange={() => setPicked(line)}
                />
                {line}
              </label>
            ))}
          </fieldset>
          <SignupLink
            to={signupTo}
            className="btn btn-primary btn-lg w-100 fw-semibold mt-2"
            onClick={() => picked && keepOpeningLine(profile.id, picked)}
          >
            {picked
              ? t('memberLanding.sendLine', { name: profile.name })
              : t('memberLanding.cta', { name: profile.name })}
          </SignupLink>
          <LandingFootnotes profile={profile} t={t} />
        </div>
      </div>
    </div>
  )
}
