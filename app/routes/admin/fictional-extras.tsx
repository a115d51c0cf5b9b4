import { TRAIT_VALUES } from '#common/choices.ts'
import type { Interest } from '#common/schemas/sites.ts'
import { InterestChips } from '../../features/profile/index.ts'
import { type KnownRegions, useRegions } from '../../features/reference-data/index.ts'
import { useTranslation } from '../../i18n.ts'

export type Trait = keyof typeof TRAIT_VALUES
export const TRAITS = Object.keys(TRAIT_VALUES) as Trait[]

/** A fictional profile's traits, region (of its country) and interests, as members see them. */
export function FictionalExtras({
  country,
  traits,
  regionId,
  interests,
  catalogue,
  knownRegions,
  onTrait,
  onRegion,
  onInterests,
}: {
  country: string
  traits: Record<Trait, string>
  regionId: number | null
  interests: number[]
  /** The interests to choose from, and the regions of the country the page started with (its loader's). */
  catalogue: readonly Interest[]
  knownRegions?: KnownRegions
  onTrait: (trait: Trait, value: string) => void
  onRegion: (regionId: number | null) => void
  onInterests: (interests: number[]) => void
}) {
  const { t } = useTranslation()
  const regions = useRegions(country, knownRegions)
  return (
    <>
      <div className="col-sm-6">
        <label className="form-label small" htmlFor="fictional-region">
          {t('console.fictional.region')}
        </label>
        <select
          id="fictional-region"
          name="region_id"
          className="form-select form-select-sm"
          value={regionId ?? ''}
          aria-busy={regions === null}
          onChange={(e) => onRegion(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">—</option>
          {(regions ?? []).map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
      {TRAITS.map((trait) => (
        <div className="col-12 col-sm-6" key={trait}>
          <label className="form-label small" htmlFor={`fictional-${trait}`}>
            {t(`traits.labels.${trait}`)}
          </label>
          <select
            id={`fictional-${trait}`}
            name={trait}
            className="form-select form-select-sm"
            value={traits[trait]}
            onChange={(e) => onTrait(trait, e.target.value)}
          >
            <option value="">—</option>
            {TRAIT_VALUES[trait].map((option) => (
              <option key={option} value={option}>
                {t(`traits.${trait}.${option}`)}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div className="col-12">
        <InterestChips
          chosen={new Set(interests)}
          onChange={(next) => onInterests([...next])}
          legend={t('console.fictional.interests')}
          visibleLegend
          catalogue={catalogue}
          name="interests"
        />
      </div>
    </>
  )
}
