import { Link } from 'react-router'
import { PageTitle } from '../../components/page-title.tsx'
import { useTranslation } from '../../i18n.ts'

/** The top of a payment page (checkout, repeat order, direct debit): its title and the way back to all bundles. */
export function PaymentPageHeading({ title }: { title: string }) {
  const { t } = useTranslation()
  return (
    <>
      <PageTitle title={title} />
      <p>
        <Link to="/credits">
          <span aria-hidden="true">← </span>
          {t('checkout.allBundles')}
        </Link>
      </p>
      <h1 className="h3">{title}</h1>
    </>
  )
}
