import { GIFT_KEYS, type GiftKey } from '#common/gifts.ts'
import { MESSAGE_KIND_NAMES, type MessageKind } from '#common/message-kinds.ts'
import type { MessageCost } from '#common/message-price.ts'
import { formatMoney } from '#common/money.ts'
import type { CompanyInfo, SiteSettings } from '#common/schemas/sites.ts'
import { POSES, type Pose } from '#common/verification.ts'
import { useTranslation } from '../../i18n.ts'
import { COMPANY_TEXTS, LANGUAGES, TEXTS, type TextKey } from './settings-fields.ts'

/**
 * What a message costs per country (spec section 3's minimum_message_costs and the highest), and
 * every other kind of message that has a price, read only: it follows the bundles (the catalogue)
 * and the credits each kind takes, by the one rule.
 */
export function MessageCosts({
  costs,
  kinds,
}: {
  costs: Record<string, MessageCost>
  kinds: Partial<Record<MessageKind, Record<string, MessageCost>>>
}) {
  const { t, i18n } = useTranslation()
  const money = (cents: number, currency: string) => formatMoney(cents, currency, i18n.language)
  const columns = [
    ['text', costs] as const,
    ...MESSAGE_KIND_NAMES.flatMap((k) => (kinds[k] ? [[k, kinds[k]] as const] : [])),
  ]
  const range = (c: MessageCost | undefined) =>
    c
      ? `${money(c.costs, c.currency)}${c.highest !== c.costs ? ` – ${money(c.highest, c.currency)}` : ''}`
      : '—'
  return (
    <div className="mb-3">
      <h3 className="h6" id="message-costs-title">
        {t('console.settings.minimumCosts')}
      </h3>
      <p className="small text-body-secondary">{t('console.settings.minimumCostsHint')}</p>
      {/* The table's region, named by the heading: the keyboard reaches it, so that arrow keys scroll it where its columns pass the width. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the keyboard's focus. */}
      <section className="table-responsive" tabIndex={0} aria-labelledby="message-costs-title">
        <table
          className="table table-sm small message-costs table-frozen-first"
          aria-labelledby="message-costs-title"
        >
          <thead>
            <tr>
              <th scope="col">{t('console.settings.costColumns.country')}</th>
              {columns.map(([kind]) => (
                <th scope="col" key={kind}>
                  {t(`console.settings.costColumns.${kind}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Object.keys(costs).map((country) => (
              <tr key={country} data-country={country}>
                <th scope="row">{country}</th>
                {columns.map(([kind, byCountry]) => (
                  <td key={kind} className="text-nowrap">
                    {range(byCountry[country])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  )
}

/** The poses a live check draws two of (issue 37): two at least. */
export function VerificationPoses({ poses }: { poses: readonly Pose[] }) {
  const { t } = useTranslation()
  return (
    <fieldset className="mb-3">
      <legend className="h6">{t('console.settings.verificationPoses')}</legend>
      <p className="small text-body-secondary">{t('console.settings.verificationPosesHint')}</p>
      {POSES.map((pose) => (
        <div className="form-check form-check-inline" key={pose}>
          <input
            className="form-check-input"
            type="checkbox"
            id={`pose-${pose}`}
            name="verification_poses"
            value={pose}
            defaultChecked={poses.includes(pose)}
          />
          <label className="form-check-label" htmlFor={`pose-${pose}`}>
            {t(`verify.poses.${pose}`)}
          </label>
        </div>
      ))}
    </fieldset>
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
            <li className="col-12 col-sm-6 col-lg-3 col-xl-2" key={key}>
              <div className={`border rounded p-2 d-flex align-items-center gap-2 ${on ? '' : 'opacity-50'}`}>
                <img src={`/gifts/${key}.svg`} alt="" width={32} height={32} />
                <div className="form-check mb-0 me-auto text-break" style={{ minWidth: 0 }}>
                  <input
                    id={`gift-${key}`}
                    name="gifts"
                    value={key}
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

/** The texts a site sets per language (titles, the fictional profiles' disclosure). */
export function SiteTexts({ settings }: { settings: Pick<SiteSettings, TextKey> }) {
  const { t } = useTranslation()
  return (
    <fieldset className="row g-2 mb-3">
      <legend className="h6">{t('console.settings.texts')}</legend>
      {TEXTS.flatMap((key) =>
        LANGUAGES.map((language) => (
          <div className="col-md-6" key={`${key}-${language}`}>
            <label className="form-label small" htmlFor={`text-${key}-${language}`}>
              {t(`console.settings.fields.${key}`)} ({language})
            </label>
            <input
              id={`text-${key}-${language}`}
              name={`text.${key}.${language}`}
              lang={language}
              className="form-control form-control-sm"
              defaultValue={settings[key][language]}
            />
          </div>
        )),
      )}
    </fieldset>
  )
}

/** The operating company (spec section 3): its details, and the date the terms version follows. */
export function CompanyFields({ company }: { company: CompanyInfo }) {
  const { t } = useTranslation()
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
      {COMPANY_TEXTS.map((key) =>
        field(
          key,
          <input
            id={`company-${key}`}
            name={`company.${key}`}
            className="form-control form-control-sm"
            defaultValue={company[key]}
          />,
        ),
      )}
      {field(
        'country',
        <input
          id="company-country"
          name="company.country"
          className="form-control form-control-sm text-uppercase"
          maxLength={2}
          defaultValue={company.country}
        />,
      )}
      {field(
        'tradenames',
        <input
          id="company-tradenames"
          name="company.tradenames"
          className="form-control form-control-sm"
          defaultValue={company.tradenames.join(', ')}
        />,
      )}
      {field(
        'vat_numbers',
        <input
          id="company-vat_numbers"
          name="company.vat_numbers"
          className="form-control form-control-sm"
          defaultValue={company.vat_numbers.join(', ')}
        />,
      )}
      {field(
        'delete_discount',
        <input
          id="company-delete_discount"
          type="number"
          min={0}
          max={100}
          name="company.delete_discount"
          className="form-control form-control-sm"
          defaultValue={company.delete_discount ?? ''}
        />,
      )}
      {field(
        'added',
        <input
          id="company-added"
          name="company.added"
          type="date"
          className="form-control form-control-sm"
          defaultValue={company.added.slice(0, 10)}
          aria-describedby="company-added-hint"
        />,
      )}
      <p className="small text-body-secondary col-12 mb-0" id="company-added-hint">
        {t('console.settings.addedHint')}
      </p>
    </fieldset>
  )
}
