import { SignupLink } from '../../features/accounts/index.ts'
import { useCountryName } from '../../lib/country-names.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { LanderFootnotes, type LanderProps } from './lander-parts.tsx'

/**
 * The map lander: the regions of the visitor's country as a tile map, each shaded by how many
 * visible members live there and saying the count; never a member's place more exact than that.
 */
export function MapLander({
  signupTo,
  t,
  country,
  regions,
  locale,
}: LanderProps & {
  country: string
  regions: Array<{ code: string; name: string; members: number; formatted: string }>
  locale: string
}) {
  const { settings } = useRootData()
  const most = Math.max(1, ...regions.map((r) => r.members))
  const countryName = useCountryName(locale)(country)
  return (
    <section className="map-lander py-4 py-md-5">
      <div className="container">
        <div className="text-center mb-4">
          <h1 className="display-6 fw-bold">{t('landers.maplanding.title')}</h1>
          <p className="lead mb-3">{t('landers.maplanding.text', { name: settings.name })}</p>
          <SignupLink to={signupTo} className="btn btn-primary btn-lg fw-semibold px-5">
            {t('landers.cta')}
          </SignupLink>
        </div>
        <h2 className="h5 text-center">{t('landers.maplanding.regionsOf', { country: countryName })}</h2>
        <ul
          className="list-unstyled map-tiles"
          aria-label={t('landers.maplanding.regionsOf', { country: countryName })}
        >
          {regions.map((r) => {
            // From a blush to 60 % of the brand colour: dark words stay legible on every tile.
            const share = 0.08 + 0.52 * (r.members / most)
            return (
              <li
                key={r.code}
                className="map-tile"
                style={{ '--share': String(share) } as React.CSSProperties}
              >
                <span className="map-tile-name">{r.name}</span>
                <span className="map-tile-count">
                  {t('landers.maplanding.members', { count: r.members, formatted: r.formatted })}
                </span>
              </li>
            )
          })}
        </ul>
        {/* No member is shown here, so no fictional disclosure is needed; adults only still is. */}
        <LanderFootnotes members={[]} t={t} className="text-body-secondary text-center" />
      </div>
    </section>
  )
}
