import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { SITE_ENTRY_STORAGE_KEY } from '#common/constants.ts'
import { shouldShowSiteEntryWarning } from '#common/site-entry.ts'
import { useTranslation } from '../../i18n.ts'
import { siteEntryCookie } from '../../lib/cookies.ts'
import { isInstalledApp } from '../../lib/installed-app.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { Modal } from '../modal.tsx'

function remember(at: Date) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support
  document.cookie = siteEntryCookie(Number.isNaN(at.getTime()) ? new Date() : at)
}

/**
 * The adults-only warning shown once to logged-out visitors (spec section 2, Modals). Its dismissal
 * is a cookie, so the server knows and renders the warning in the page itself: it is there at the
 * first paint, not after the scripts (its largest text was the page's largest paint). An installed
 * app never shows it (CSS hides it before the scripts run, then it is not rendered); a dismissal
 * kept by an earlier version in local storage still counts, and becomes the cookie.
 */
export function SiteEntryWarning({ allowedCountries }: { allowedCountries?: readonly string[] }) {
  const { t } = useTranslation()
  const { settings, user, selectedCountry, siteEntryDismissedAt } = useRootData()
  const [dismissed, setDismissed] = useState(false)
  const show =
    !dismissed &&
    shouldShowSiteEntryWarning({
      loggedIn: user !== null,
      installedApp: false,
      dismissedAt: siteEntryDismissedAt,
      enableSiteEntryPopup: settings.enable_site_entry_popup,
      selectedCountry,
      allowedCountries,
    })
  useEffect(() => {
    if (!show) return
    let earlier: string | null = null
    try {
      earlier = window.localStorage.getItem(SITE_ENTRY_STORAGE_KEY)
    } catch {
      // Storage blocked: nothing kept there.
    }
    if (earlier) remember(new Date(earlier))
    if (earlier || isInstalledApp(window)) setDismissed(true)
  }, [show])
  const enter = () => {
    remember(new Date())
    setDismissed(true)
  }
  return (
    <Modal show={show} id="site-entry-warning" locked centered aria-labelledby="site-entry-warning-title">
      <Modal.Header>
        <Modal.Title as="h2" className="h5" id="site-entry-warning-title">
          {t('entryWarning.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('entryWarning.body', { name: settings.name })}</p>
        <p className="small text-body-secondary mb-0">
          {t('entryWarning.agree')} <Link to="/pages/terms">{t('footer.terms')}</Link>,{' '}
          <Link to="/pages/privacy">{t('footer.privacy')}</Link>,{' '}
          <Link to="/pages/cookies">{t('footer.cookies')}</Link>.
        </p>
      </Modal.Body>
      <Modal.Footer>
        <a className="btn btn-outline-secondary" href="https://www.google.com/" rel="noreferrer">
          {t('entryWarning.leave')}
        </a>
        <button type="button" className="btn btn-primary" onClick={enter} data-autofocus>
          {t('entryWarning.enter')}
        </button>
      </Modal.Footer>
    </Modal>
  )
}
