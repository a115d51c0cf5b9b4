import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { SITE_ENTRY_STORAGE_KEY } from '#common/constants.ts'
import { shouldShowSiteEntryWarning } from '#common/site-entry.ts'
import { useTranslation } from '../../i18n.ts'
import { isInstalledApp } from '../../lib/installed-app.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { Modal } from '../modal.tsx'

/** The adults-only warning shown once to logged-out visitors (spec section 2, Modals). */
export function SiteEntryWarning({ allowedCountries }: { allowedCountries?: readonly string[] }) {
  const { t } = useTranslation()
  const { settings, user, selectedCountry } = useRootData()
  const [show, setShow] = useState(false)
  useEffect(() => {
    let dismissedAt: string | null = null
    try {
      dismissedAt = window.localStorage.getItem(SITE_ENTRY_STORAGE_KEY)
    } catch {
      // Storage blocked: treat as not dismissed; the choice then lasts for this page only.
    }
    setShow(
      shouldShowSiteEntryWarning({
        loggedIn: user !== null,
        installedApp: isInstalledApp(window),
        dismissedAt,
        enableSiteEntryPopup: settings.enable_site_entry_popup,
        selectedCountry,
        allowedCountries,
      }),
    )
  }, [user, settings.enable_site_entry_popup, selectedCountry, allowedCountries])
  const enter = () => {
    try {
      window.localStorage.setItem(SITE_ENTRY_STORAGE_KEY, new Date().toISOString())
    } catch {
      // Storage blocked: nothing to remember it in.
    }
    setShow(false)
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
