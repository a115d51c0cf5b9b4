import { GIFT_KEYS, type GiftKey } from '#common/gifts.ts'
import type { MessageCost } from '#common/message-price.ts'
import { formatMoney } from '#common/money.ts'
import type { CompanyInfo, LocalizedText, SiteSettings } from '#common/schemas/sites.ts'
import { useTranslation } from '../../i18n.ts'

/**
 * What a message costs per country (spec section 3's minimum_message_costs and the highest), read
 * only: it follows the bundles (the catalogue) and the credits a message takes, by the one rule.
 */
export function MessageCosts({ costs }: { costs: Record<string, MessageCost> }) {
  const { t, i18n } = useTranslation()
  const money = (cents: number, currency: string) => formatMoney(cents, currency, i18n.language)
  return (
    <section className="mb-3" aria-labelledby="message-costs-title">
      <h3 className="h6" id="message-costs-title">
        {t('console.settings.minimumCosts')}
      </h3>
      <p className="small text-body-secondary">{t('console.settings.minimumCostsHint')}</p>
      <ul className="list-unstyled row g-1 small message-costs">
        {Object.entries(costs).map(([country, c]) => (
          <li className="col-6 col-md-3 col-lg-2" key={country}>
            <strong>{country}</strong> {money(c.costs, c.currency)}
            {c.highest !== c.costs ? ` – ${money(c.highest, c.currency)}` : ''}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The gifts a site offers, in the picker's order: on or off, and moved up or down. */
export function GiftCatalogue({
  gifts,
  onChange,
}: {
  gifts: GiftKey[]
  onChange: (gifts: GiftKey[]) => void
}) {
  const { t } = useTranslation()
  const offered = [...gifts, ...GIFT_KEYS.filter((g) => !gifts.includes(g))]
  const move = (key: GiftKey, by: number) => {
    const list = [...gifts]
    const at = list.indexOf(key)
    const to = at + by
    if (at < 0 || to < 0 || to >= list.length) return
    ;[list[at], list[to]] = [list[to], list[at]]
    onChange(list)
  }
  return (
    <fieldset className="mb-3">
      <legend className="h6">{t('console.settings.gifts')}</legend>
      <ul className="list-unstyled row g-2" data-testid="gift-catalogue">
        {offered.map((key) => {
          const on = gifts.includes(key)
          return (
            <li className="col-6 col-md-3 col-lg-2" key={key}>
              <div className={`border rounded p-2 d-flex align-items-center gap-2 ${on ? '' : 'opacity-50'}`}>
                <img src={`/gifts/${key}.svg`} alt="" width={32} height={32} />
                <div className="form-check mb-0 me-auto">
                  <input
                    id={`gift-${key}`}
                    type="checkbox"
                    className="form-check-input"
                    checked={on}
                    onChange={(e) =>
                      onChange(e.target.checked ? [...gifts, key] : gifts.filter((g) => g !== key))
                    }
                  />
                  <label className="form-check-label small" htmlFor={`gift-${key}`}>
                    {t(`chat.gifts.names.${key}`)}
                  </label>
                </div>
                {on ? (
                  <span className="btn-group-vertical btn-group-sm">
                    <button
                      type="button"
                      className="btn btn-light py-0"
                      onClick={() => move(key, -1)}
                      aria-label={t('console.settings.giftEarlier', { gift: t(`chat.gifts.names.${key}`) })}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="btn btn-light py-0"
                      onClick={() => move(key, 1)}
                      aria-label={t('console.settings.giftLater', { gift: t(`chat.gifts.names.${key}`) })}
                    >
                      ↓
                    </button>
                  </span>
                ) : null}
              </div>
            </li>
          )
        })}
      </ul>
    </fieldset>
  )
}

type TextKey = 'index_title' | 'description' | 'fictional_warning' | 'fictional_singular' | 'fictional_plural'
const TEXTS: TextKey[] = [
  'index_title',
  'description',
  'fictional_warning',
  'fictional_singular',
  'fictional_plural',
]

/** The texts a site sets per language (titles, the fictional profiles' disclosure). */
export function SiteTexts({
  settings,
  onChange,
}: {
  settings: Pick<SiteSettings, TextKey>
  onChange: (key: TextKey, value: LocalizedText) => void
}) {
  const { t } = useTranslation()
  return (
    <fieldset className="row g-2 mb-3">
      <legend className="h6">{t('console.settings.texts')}</legend>
      {TEXTS.flatMap((key) =>
        (['en', 'fr'] as const).map((language) => (
          <div className="col-md-6" key={`${key}-${language}`}>
            <label className="form-label small" htmlFor={`text-${key}-${language}`}>
              {t(`console.settings.fields.${key}`)} ({language})
            </label>
            <input
              id={`text-${key}-${language}`}
              lang={language}
              className="form-control form-control-sm"
              value={settings[key][language]}
              onChange={(e) => onChange(key, { ...settings[key], [language]: e.target.value })}
            />
          </div>
        )),
      )}
    </fieldset>
  )
}

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** The operating company (spec section 3): its details, and the date the terms version follows. */
export function CompanyFields({
  company,
  onChange,
}: {
  company: CompanyInfo
  onChange: (company: CompanyInfo) => void
}) {
  const { t } = useTranslation()
  const set = (value: Partial<CompanyInfo>) => onChange({ ...company, ...value })
  const field = (key: string, input: React.ReactNode) => (
    <div className="col-md-4" key={key}>
      <label className="form-label small" htmlFor={`company-${key}`}>
        {t(`console.settings.companyFields.${key}`)}
      </label>
      {input}
    </div>
  )
  return (
    <fieldset className="row g-2 mb-3">
      <legend className="h6">{t('console.settings.company')}</legend>
      {(['name', 'address', 'city', 'kvk', 'support_phone'] as const).map((key) =>
        field(
          key,
          <input
            id={`company-${key}`}
            className="form-control form-control-sm"
            value={company[key]}
            onChange={(e) => set({ [key]: e.target.value })}
          />,
        ),
      )}
      {field(
        'country',
        <input
          id="company-country"
          className="form-control form-control-sm"
          maxLength={2}
          value={company.country}
          onChange={(e) => set({ country: e.target.value.toUpperCase() })}
        />,
      )}
      {field(
        'tradenames',
        <input
          id="company-tradenames"
          className="form-control form-control-sm"
          defaultValue={company.tradenames.join(', ')}
          onChange={(e) => set({ tradenames: list(e.target.value) })}
        />,
      )}
      {field(
        'vat_numbers',
        <input
          id="company-vat_numbers"
          className="form-control form-control-sm"
          defaultValue={company.vat_numbers.join(', ')}
          onChange={(e) => set({ vat_numbers: list(e.target.value) })}
        />,
      )}
      {field(
        'delete_discount',
        <input
          id="company-delete_discount"
          type="number"
          min={0}
          max={100}
          className="form-control form-control-sm"
          value={company.delete_discount ?? ''}
          onChange={(e) => set({ delete_discount: e.target.value === '' ? null : Number(e.target.value) })}
        />,
      )}
      {field(
        'added',
        <input
          id="company-added"
          type="date"
          className="form-control form-control-sm"
          value={company.added.slice(0, 10)}
          aria-describedby="company-added-hint"
          onChange={(e) => e.target.value && set({ added: `${e.target.value}T00:00:00.000Z` })}
        />,
      )}
      <p className="small text-body-secondary col-12 mb-0" id="company-added-hint">
        {t('console.settings.addedHint')}
      </p>
    </fieldset>
  )
}
