import { useEffect, useState, useSyncExternalStore } from 'react'
import { Modal } from '../../components/modal.tsx'
import { useTranslation } from '../../i18n.ts'
import { shortcutsHelp, typing } from './console-ui.tsx'

/**
 * The console's keyboard help (issue 39, point 6): `?` opens it on any page (never while typing),
 * listing the page's own keys and the console's. Esc closes it.
 */
export function ShortcutsHelp() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const keys = useSyncExternalStore(shortcutsHelp.subscribe, shortcutsHelp.current, () => null)
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return
      event.preventDefault()
      setOpen(true)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  const pageLines = keys
    ? t(keys)
        .replace(/^[^:]*:\s*/, '')
        .split(' · ')
    : []
  return (
    <Modal
      show={open}
      onHide={() => setOpen(false)}
      centered
      id="shortcuts-help"
      aria-labelledby="shortcuts-title"
    >
      <Modal.Header closeButton closeLabel={t('console.shortcuts.close')}>
        <Modal.Title as="h2" className="h5" id="shortcuts-title">
          {t('console.shortcuts.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {pageLines.length > 0 ? (
          <>
            <h3 className="h6">{t('console.shortcuts.page')}</h3>
            <ul data-testid="page-shortcuts">
              {pageLines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </>
        ) : (
          <p>{t('console.shortcuts.none')}</p>
        )}
        <h3 className="h6">{t('console.shortcuts.everywhere')}</h3>
        <ul className="mb-0">
          <li>{t('console.shortcuts.help')}</li>
          <li>{t('console.shortcuts.typing')}</li>
        </ul>
      </Modal.Body>
    </Modal>
  )
}
