import { Link } from 'react-router'
import { useTranslation } from '../i18n.ts'
import { HydrateLater } from '../lib/hydration.ts'
import { useRootData } from '../lib/use-root-data.ts'

/** Footer links of spec section 2, in its order. */
const FOOTER_LINKS = [
  { key: 'terms', to: '/pages/terms' },
  { key: 'privacy', to: '/pages/privacy' },
  { key: 'cookies', to: '/pages/cookies' },
  { key: 'ban', to: '/pages/ban' },
  { key: 'pricing', to: '/pricing' },
  { key: 'complaints', to: '/complaints' },
  { key: 'returnPolicy', to: '/pages/return-policy' },
  { key: 'faq', to: '/pages/faq' },
  { key: 'support', to: '/pages/service' },
  // Issue 54, point 10: the site in figures counted from the database.
  { key: 'trust', to: '/pages/trust' },
] as const

/** The site footer: legal and help links, the operator and the adult-content disclaimer; hydrated after the page. */
export function Footer() {
  return (
    <HydrateLater>
      <FooterContent />
    </HydrateLater>
  )
}

function FooterContent() {
  const { t } = useTranslation()
  const { settings, company } = useRootData()
  return (
    <footer className="site-footer mt-auto border-top bg-light">
      <div className="container py-4">
        <nav aria-label={t('footer.label')}>
          <ul className="footer-links list-unstyled d-flex flex-wrap gap-3 mb-3">
            {FOOTER_LINKS.map((link) => (
              <li key={link.key}>
                <Link to={link.to} className="footer-link">
                  {t(`footer.${link.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="disclaimer small text-body-secondary mb-2">
          {t('footer.disclaimer', { name: settings.name })} <span>{settings.fictional_warning}</span>
        </p>
        <p className="small text-body-secondary mb-0">
          {t('footer.operator', {
            year: new Date().getFullYear(),
            company: company.name,
            address: company.address,
            city: company.city,
            kvk: company.kvk,
          })}
        </p>
      </div>
    </footer>
  )
}
