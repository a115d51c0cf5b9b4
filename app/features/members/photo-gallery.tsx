import { useState } from 'react'
import { Link } from 'react-router'
import type { MemberDetail } from '#common/schemas/members.ts'
import { useTranslation } from '../../i18n.ts'

/** A member's photos as the viewer may see them, and why the rest are not shown. */
export function PhotoGallery({ profile }: { profile: MemberDetail }) {
  const { t } = useTranslation()
  const [current, setCurrent] = useState(0)
  const { shown, total, gated } = profile.photos
  const photo = shown[current]
  const hidden = total - shown.length
  return (
    <section aria-label={t('memberPage.photos', { name: profile.name })}>
      {photo ? (
        <img
          src={photo.filename}
          alt={t('members.photoOf', { name: profile.name })}
          className="member-photo-large"
          width={540}
          height={540}
        />
      ) : (
        <div className="member-photo-large profile-photo-empty" aria-hidden="true">
          {profile.name.slice(0, 1)}
        </div>
      )}
      {shown.length > 1 ? (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mt-2">
          {shown.map((p, i) => (
            <li key={p.filename}>
              <button
                type="button"
                className={`member-thumb-button${i === current ? ' active' : ''}`}
                onClick={() => setCurrent(i)}
                aria-label={t('memberPage.showPhoto', { n: i + 1 })}
                aria-pressed={i === current}
              >
                <img src={p.thumb_filename} alt="" width={72} height={72} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {gated && hidden > 0 ? (
        <p className="alert alert-light mt-2 mb-0">
          <Link to={gated === 'login' ? '/login' : '/pricing'}>
            {t(gated === 'login' ? 'memberPage.gatedLogin' : 'memberPage.gatedPremium', { count: hidden })}
          </Link>
        </p>
      ) : null}
    </section>
  )
}
