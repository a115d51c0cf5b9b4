import { Form, useSearchParams } from 'react-router'
import { SUPPORTED_LOCALES } from '#common/constants.ts'
import { sameSitePath } from '#common/same-site-path.ts'
import { PageTitle } from '../components/page-title.tsx'
import { useTranslation } from '../i18n.ts'
import { useCountryName } from '../lib/country-names.ts'
import { useRootData } from '../lib/use-root-data.ts'
import type { Route } from './+types/lang-config'
import { loadLangConfig, saveLangConfig } from './lang-config.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return loadLangConfig(context)
}

export async function action({ context, request }: Route.ActionArgs) {
  return saveLangConfig(context, request)
}

/** Language and country settings for visitors and members alike. */
export default function LangConfig({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { locale } = useRootData()
  const [params] = useSearchParams()
  const countryName = useCountryName()
  const back = params.get('back') ?? '/'
  return (
    <div className="container py-5" style={{ maxWidth: 560 }}>
      <PageTitle title={t('langConfig.title')} />
      <h1 className="h3 mb-4">{t('langConfig.title')}</h1>
      {actionData && !actionData.ok ? (
        <div className="alert alert-danger" role="alert">
          {t('langConfig.invalid')}
        </div>
      ) : null}
      <Form method="post" className="card card-body shadow-sm">
        <input type="hidden" name="back" value={sameSitePath(back)} />
        <fieldset className="mb-3">
          <legend className="form-label fs-6 fw-semibold">{t('langConfig.language')}</legend>
          {SUPPORTED_LOCALES.map((option) => (
            <div className="form-check" key={option}>
              <input
                className="form-check-input"
                type="radio"
                name="locale"
                id={`locale-${option}`}
                value={option}
                defaultChecked={option === locale}
              />
              <label className="form-check-label" htmlFor={`locale-${option}`} lang={option}>
                {t(`languages.${option}`)}
              </label>
            </div>
          ))}
        </fieldset>
        <div className="mb-4">
          <label htmlFor="country" className="form-label fw-semibold">
            {t('langConfig.country')}
          </label>
          <select id="country" name="country" className="form-select" defaultValue={loaderData.country}>
            {[...loaderData.countries]
              .sort((a, b) => countryName(a).localeCompare(countryName(b), i18n.language))
              .map((code) => (
                <option key={code} value={code}>
                  {countryName(code)}
                </option>
              ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary">
          {t('langConfig.save')}
        </button>
      </Form>
    </div>
  )
}
