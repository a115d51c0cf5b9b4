import { useState } from 'react'
import { api } from '#common/api.ts'
import type { SiteSettings } from '#common/schemas/sites.ts'
import { useTranslation } from '../../i18n.ts'
import { step } from '../../lib/call-action.server.ts'
import { useFetcherForm } from '../../lib/page-form.ts'
import type { Route } from './+types/settings'
import { loadSiteSettings } from './admin.server.ts'
import { consoleAction } from './console-action.server.ts'
import { ActionFeedback, SiteSelect } from './console-ui.tsx'
import { CHOICES, type ChoiceKey, NUMBERS } from './settings-fields.ts'
import { siteSettingsFromForm } from './settings-form.server.ts'
import {
  CompanyFields,
  GiftCatalogue,
  MessageCosts,
  SiteTexts,
  VerificationPoses,
} from './settings-parts.tsx'

/** Each field's input at the foot of its cell: a label on two lines pushes no input below its row's. */
const AT_FOOT = 'd-flex flex-column justify-content-end'
const NUMBER_FIELD = `col-6 col-md-4 col-lg-2 ${AT_FOOT}`
/** Choices say themselves in words, some long ("Visiteurs d’une source de trafic seulement"). */
const CHOICE_FIELD = `col-12 col-md-6 col-xl-4 ${AT_FOOT}`

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadSiteSettings(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return consoleAction(context, request, {
    save: step({
      call: api.updateSiteSettings,
      read: siteSettingsFromForm,
    }),
  })
}

/**
 * /admin/settings: a site's business settings and company; a change shows on the site at once.
 * The form posts to the page's action (a fetcher), with or without the page's scripts.
 */
export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { site } = loaderData
  const form = useFetcherForm('site-settings', 'save', actionData)
  // The gift picker's order moves with its buttons: the form posts the gifts in the order shown.
  const [gifts, setGifts] = useState<SiteSettings['gifts']>(site.settings.gifts)
  const settings = site.settings
  const status = form.done ? t('console.settings.saved') : ''
  const error = form.error

  return (
    <>
      <title>{t('console.settings.title')}</title>
      <h1 className="h4">{t('console.settings.title')}</h1>
      <p className="small text-body-secondary">{t('console.settings.intro')}</p>
      <SiteSelect sites={loaderData.sites} current={site.id} page="/admin/settings" />
      {loaderData.calls === 'relay' ? null : (
        <p className="alert alert-warning small" role="note" data-testid="calls-transport">
          {t(`console.settings.calls.${loaderData.calls}`)}
        </p>
      )}
      <ActionFeedback status={status} error={error} />
      <form.fetcher.Form
        method="post"
        action={`/admin/settings?site=${site.id}&intent=save`}
        aria-busy={form.busy}
        key={site.id}
      >
        <input type="hidden" name="site" value={site.id} />
        <fieldset className="row g-2 mb-3">
          <legend className="h6">{t('console.settings.credits')}</legend>
          {NUMBERS.map((key) => (
            <div className={NUMBER_FIELD} key={key}>
              <label className="form-label small" htmlFor={`setting-${key}`}>
                {t(`console.settings.fields.${key}`)}
              </label>
              <input
                id={`setting-${key}`}
                name={`settings.${key}`}
                type="number"
                min={key === 'message_length' ? 1 : key === 'explicit_photo_threshold' ? 0.01 : 0}
                max={key === 'explicit_photo_threshold' ? 1 : undefined}
                step={key === 'explicit_photo_threshold' ? 0.01 : 1}
                className="form-control form-control-sm"
                defaultValue={settings[key]}
              />
            </div>
          ))}
        </fieldset>
        <fieldset className="row g-2 mb-3">
          <legend className="h6">{t('console.settings.access')}</legend>
          {(Object.keys(CHOICES) as ChoiceKey[]).map((key) => (
            <div className={CHOICE_FIELD} key={key}>
              <label className="form-label small" htmlFor={`setting-${key}`}>
                {t(`console.settings.fields.${key}`)}
              </label>
              <select
                id={`setting-${key}`}
                name={`settings.${key}`}
                className="form-select form-select-sm"
                defaultValue={settings[key]}
              >
                {CHOICES[key].map((v) => (
                  <option key={v} value={v}>
                    {t(`console.settings.choices.${key}.${v}`)}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <div className="col-12 form-check ms-2">
            <input
              id="setting-disposable"
              name="settings.refuse_disposable_email"
              type="checkbox"
              className="form-check-input"
              defaultChecked={settings.refuse_disposable_email}
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
              name="settings.countries"
              className="form-control form-control-sm"
              defaultValue={settings.countries.join(', ')}
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
              name="settings.support_email"
              type="email"
              className="form-control form-control-sm"
              defaultValue={settings.support_email}
            />
          </div>
          <div className="col-md-4">
            <label className="form-label small" htmlFor="setting-support-phone">
              {t('console.settings.fields.support_phone')}
            </label>
            <input
              id="setting-support-phone"
              name="settings.support_phone"
              className="form-control form-control-sm"
              defaultValue={settings.support_phone}
            />
          </div>
        </fieldset>
        <MessageCosts costs={site.message_costs} kinds={site.kind_costs} />
        <GiftCatalogue gifts={gifts} onChange={setGifts} />
        <VerificationPoses poses={settings.verification_poses} />
        <SiteTexts settings={settings} />
        <CompanyFields company={site.company} />
        <button type="submit" className="btn btn-primary" disabled={form.busy}>
          {t('console.settings.save')}
        </button>
      </form.fetcher.Form>
    </>
  )
}
