import { SAFETY_EVENTS } from '#common/safety.ts'
import type { SafetyStatsResponse } from '#common/schemas/safety.ts'
import { useTranslation } from '../../i18n.ts'

/**
 * How the safety rules did over some days, the last 30 unless told (issue 38): what members did with the nudges, and
 * each rule's precision on the moderators' decisions, so that a rule that cries wolf is seen.
 */
export function SafetyFigures({ safety, title }: { safety: SafetyStatsResponse; title?: string }) {
  const { t } = useTranslation()
  return (
    <section className="mt-4" aria-labelledby="safety-figures">
      <h2 className="h5" id="safety-figures">
        {title ?? t('console.safety.title')}
      </h2>
      <div className="row g-3">
        <div className="col-lg-5">
          <h3 className="h6 text-body-secondary">{t('console.safety.counts')}</h3>
          <table className="table table-sm small mb-0" data-testid="safety-counts">
            <tbody>
              {SAFETY_EVENTS.map((event) => (
                <tr key={event}>
                  <th scope="row" className="fw-normal">
                    {t(`console.safety.events.${event}`)}
                  </th>
                  <td className="text-end">{safety.counts[event]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="col-lg-7">
          <h3 className="h6 text-body-secondary">{t('console.safety.precision')}</h3>
          <div className="table-responsive">
            <table className="table table-sm small mb-0" data-testid="safety-rules">
              <thead>
                <tr>
                  <th scope="col">{t('console.safety.rule')}</th>
                  <th scope="col" className="text-end">
                    {t('console.safety.decided')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('console.safety.agreed')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('console.safety.rate')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {safety.rules.map((r) => (
                  <tr
                    key={r.rule}
                    className={r.precision !== null && r.precision < 0.5 ? 'table-warning' : ''}
                  >
                    <th scope="row" className="fw-normal">
                      {t(`console.safety.rules.${r.rule}`)}
                    </th>
                    <td className="text-end">{r.decided}</td>
                    <td className="text-end">{r.agreed}</td>
                    <td className="text-end">
                      {r.precision === null ? '—' : `${Math.round(r.precision * 100)} %`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="small text-body-secondary mt-1">{t('console.safety.precisionHint')}</p>
        </div>
      </div>
    </section>
  )
}
