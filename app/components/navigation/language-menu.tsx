import { Dropdown } from 'react-bootstrap'
import { useTranslation } from 'react-i18next'
import { useRevalidator } from 'react-router'
import type { Locale } from '#common/constants.ts'
import { localeCookie } from '../../lib/cookies.ts'
import { useRootData } from '../../lib/use-root-data.ts'

/** The language dropdown, shown only when more than one locale is visible (spec section 2). */
export function LanguageMenu() {
  const { t } = useTranslation()
  const { locale, locales } = useRootData()
  const revalidator = useRevalidator()
  if (locales.length < 2) return null
  const choose = async (next: Locale) => {
    if (next === locale) return
    document.cookie = localeCookie(next)
    await revalidator.revalidate()
  }
  return (
    <Dropdown align="end" className="language-menu">
      <Dropdown.Toggle variant="outline-secondary" size="sm" id="language-menu" aria-label={t('nav.language')}>
        <span aria-hidden="true">🌐 </span>
        {locale.toUpperCase()}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {locales.map((option) => (
          <Dropdown.Item
            key={option}
            as="button"
            lang={option}
            active={option === locale}
            aria-current={option === locale ? 'true' : undefined}
            onClick={() => choose(option)}
          >
            {t(`languages.${option}`)}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  )
}
