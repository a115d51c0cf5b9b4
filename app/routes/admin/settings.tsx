import { type FormEvent, useState } from 'react'
import { api } from '#common/api.ts'
import type { CompanyInfo, SiteSettings } from '#common/schemas/sites.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import type { Route } from './+types/settings'
import { loadSiteSettings } from './admin.server.ts'
import { ActionFeedback, SiteSelect, useConsoleAction } from './console-ui.tsx'
import { CompanyFields, GiftCatalogue, MessageCosts, SiteTexts } from './settings-parts.tsx'

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadSiteSettings(context, request)
}

type NumberKey =
  | 'message_credits'
  | 'photo_credits'
  | 'gift_credits'
  | 'signup_credits'
  | 'message_length'
  | 'refund_days'
const NUMBERS: NumberKey[] = [
  'message_credits',
  'photo_credits',
  'gift_credits',
  'signup_credits',
  'message_length',
  'refund_days',
]
const CHOICES = {
  signups: ['all', 'with_trafficsource', 'other'],
  logged_out_search: ['none', 'not'],
  logged_out_search_trafficsource: ['none', 'not'],
  enable_site_entry_popup: ['yes', 'no'],
  new_photo_status: ['active', 'pending'],
} as const
type ChoiceKey = keyof typeof CHOICES

/** /admin/settings: a site's business settings and company; a change shows on the site at once. */
export default function Settings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { site } = loaderData
  const [settings, setSettings] = useState<SiteSettings>(site.settings)
  const [messageCosts, setMessageCosts] = useState(site.message_costs)
  const [company, setCompany] = useState<CompanyInfo>(site.company)
  const [countries, setCountries] = useState(site.settings.countries.join(', '))
  const { busy, error, status, run } = useConsoleAction()
  const countryList = countries
    .split(/[,\s]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean)
  const set = <K extends keyof SiteSettings>(key: K, value: SiteSettings[K]) =>
    setSettings((s) => ({ ...s, [key]: value }))

  const save = (event: FormEvent) => {
    event.preventDefault()
    void run(async () => {
      const { domain: _d, cdn_prefix: _c, ...editable } = settings
      const saved = await callApi(api.updateSiteSettings, {
        body: {
          site: site.id,
          settings: { ...editable, countries: countryList },
          company,
        },
        retries: 0,
      })
      setSettings(saved.site.settings)
      setMessageCosts(saved.site.message_costs)
      return t('console.settings.saved')
    })
  }

  return (
    <>
      <title>{t('console.settings.title')}</title>
      <h1 className="h4">{t('console.settings.title')}</h1>
      <p className="small text-body-secondary">{t('console.settings.intro')}</p>
      <SiteSelect sites={loaderData.sites} current={site.id} page="/admin/settings" />
      <ActionFeedback status={status} error={error} />
      <form onSubmit={save} aria-busy={busy} key={site.id}>
        <fieldset className="row g-2 mb-3">
          <legend className="h6">{t('console.settings.credits')}</legend>
          {NUMBERS.map((key) => (
            <div className="col-6 col-md-4 col-lg-2" key={key}>
              <label className="form-label small" htmlFor={`setting-${key}`}>
                {t(`console.settings.fields.${key}`)}
              </label>
              <input
                id={`setting-${key}`}
                type="number"
                min={key === 'message_length' ? 1 : 0}
                className="form-control form-control-sm"
                value={settings[key]}
                onChange={(e) => set(key, Number(e.target.value))}
              />
            </div>
          ))}
        </fieldset>
        <fieldset className="row g-2 mb-3">
          <legend className="h6">{t('console.settings.access')}</legend>
          {(Object.keys(CHOICES) as ChoiceKey[]).map((key) => (
            <div className="col-6 col-md-4 col-lg-2" key={key}>
              <label className="form-label small" htmlFor={`setting-${key}`}>
                {t(`console.settings.fields.${key}`)}
              </label>
              <select
                id={`setting-${key}`}
                className="form-select form-select-sm"
                value={settings[key]}
                onChange={(e) => set(key, e.target.value as never)}
              >
                {CHOICES[key].map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <div className="col-12 form-check ms-2">
            <input
              id="setting-disposable"
              type="checkbox"
              className="form-check-input"
              checked={settings.refuse_disposable_email}
              onChange={(e) => set('refuse_disposable_email', e.target.checked)}
            />
            <label className="form-check-label small" htmlFor="setting-disposable">
              {t('console.settings.fields.refuse_disposable_email')}
            </label>
          </div>
          <div className="col-md-6">
            <label className="form-label small" htmlFor="setting-countries">
              {t('console.settings.fields.countries')}
            </label>
            <input
              id="setting-countries"
              className="form-control form-control-sm"
              value={countries}
              onChange={(e) => setCountries(e.target.value)}
            />
          </div>
        </fieldset>
        <fieldset className="row g-2 mb-3">
          <legend className="h6">{t('console.settings.support')}</legend>
          <div className="col-md-4">
            <label className="form-label small" htmlFor="setting-support-email">
              {t('console.settings.fields.support_email')}
            </label>
            <input
              id="setting-support-email"
              type="email"
              className="form-control form-control-sm"
              value={settings.support_email}
              onChange={(e) => set('support_email', e.target.value)}
            />
          </div>
          <div className="col-md-4">
            <label className="form-label small" htmlFor="setting-support-phone">
              {t('console.settings.fields.support_phone')}
            </label>
            <input
              id="setting-support-phone"
              className="form-control form-control-sm"
              value={settings.support_phone}
              onChange={(e) => set('support_phone', e.target.value)}
            />
          </div>
        </fieldset>
        <MessageCosts costs={messageCosts} />
        <GiftCatalogue gifts={settings.gifts} onChange={(gifts) => set('gifts', gifts)} />
        <SiteTexts settings={settings} onChange={(key, value) => set(key, value)} />
        <CompanyFields company={company} onChange={setCompany} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('console.settings.save')}
        </button>
      </form>
    </>
  )
}
