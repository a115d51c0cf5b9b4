import { useFetcher, useLocation } from 'react-router'
import { useTranslation } from '../../i18n.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { DropdownMenu } from './dropdown-menu.tsx'

/**
 * The language dropdown, shown only when more than one locale is visible (spec section 2). A
 * choice posts to the language page's action (`?intent=language`), which sets the cookie (and a
 * member's account language, for mails) and leads back here; the root's loader then brings the
 * new language's strings.
 */
export function LanguageMenu() {
  const { t } = useTranslation()
  const { locale, locales } = useRootData()
  const { pathname, search } = useLocation()
  const fetcher = useFetcher({ key: 'language' })
  if (locales.length < 2) return null
  return (
    <DropdownMenu
      id="language-menu"
      className="language-menu"
      toggleClassName="btn btn-outline-secondary btn-sm"
      label={t('nav.language')}
      toggle={
        <>
          <svg
            aria-hidden="true"
            width="14"
            height="14"
            viewBox="0 0 16 16"
            className="me-1"
            fill="currentColor"
          >
            <path d="M8 0a8 8 0 1 0 0 16A8 8 0 0 0 8 0Zm5.9 7.5h-2.4a12 12 0 0 0-1-4.9 6.5 6.5 0 0 1 3.4 4.9ZM8 1.5c.8.9 1.8 2.9 2 6H6c.2-3.1 1.2-5.1 2-6ZM5.5 2.6a12 12 0 0 0-1 4.9H2.1a6.5 6.5 0 0 1 3.4-4.9ZM2.1 8.5h2.4c.1 1.9.4 3.5 1 4.9a6.5 6.5 0 0 1-3.4-4.9ZM8 14.5c-.8-.9-1.8-2.9-2-6h4c-.2 3.1-1.2 5.1-2 6Zm2.5-1.1c.6-1.4.9-3 1-4.9h2.4a6.5 6.5 0 0 1-3.4 4.9Z" />
          </svg>
          {locale.toUpperCase()}
        </>
      }
    >
      <fetcher.Form method="post" action="/lang-config?intent=language">
        <input type="hidden" name="back" value={`${pathname}${search}`} />
        {locales.map((option) => (
          <button
            key={option}
            type={option === locale ? 'button' : 'submit'}
            name="locale"
            value={option}
            lang={option}
            className={`dropdown-item${option === locale ? ' active' : ''}`}
            aria-current={option === locale ? 'true' : undefined}
          >
            {t(`languages.${option}`)}
          </button>
        ))}
      </fetcher.Form>
    </DropdownMenu>
  )
}
