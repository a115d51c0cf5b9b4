import { Link, useSearchParams } from 'react-router'
import { dateTimeFormat } from '#common/intl.ts'
import type { DiscountCode } from '#common/schemas/credits.ts'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { type FormAnswer, useFetcherForm } from '../../lib/page-form.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { DeleteAccountForm, type RefundOnDeletion } from './delete-account-form.tsx'

type StayAnswer = { ok: true; intent: 'stay'; result: DiscountCode } | FormAnswer

/**
 * Deleting the account: when the company has a delete_discount, the member is offered it first
 * (spec section 3 and the credits issue); the form comes when they go on (`?delete=1`). Taking the
 * offer posts to the settings page's action (`?intent=stay`); both work without the scripts.
 */
export function DeleteAccountSection({
  pageAnswer,
  refund,
  offered,
}: {
  pageAnswer?: unknown
  refund: RefundOnDeletion
  /** The discount may be offered: not to a member on a break from purchases (ADR 32). */
  offered: boolean
}) {
  const { t, i18n } = useTranslation()
  const { company } = useRootData()
  const [params] = useSearchParams()
  const offer = useFetcherForm<StayAnswer>('settings-stay', 'stay', pageAnswer)
  const percentage = company.delete_discount ?? 0
  // Without the scripts, a refused deletion comes back as the page's answer: the form stays.
  const deleting = (pageAnswer as { intent?: string } | undefined)?.intent === 'delete'
  if (percentage <= 0 || !offered || params.has('delete') || deleting)
    return <DeleteAccountForm pageAnswer={pageAnswer} refund={refund} />
  const code = offer.answer?.ok ? offer.answer.result : null
  const until = code?.expires
    ? dateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(code.expires))
    : ''
  return (
    <section aria-labelledby="settings-delete">
      <h2 id="settings-delete" className="h5 text-danger">
        {t('settings.deleteTitle')}
      </h2>
      <div className="card card-body border-primary mb-3 stay-offer">
        <h3 className="h5">{t('stayOffer.title', { percent: percentage })}</h3>
        {code ? (
          <p className="mb-2" role="status">
            {t('stayOffer.yourCode', { until })} <strong className="font-monospace">{code.code}</strong>
          </p>
        ) : (
          <p className="mb-2">{t('stayOffer.text', { percent: percentage })}</p>
        )}
        {offer.message ? (
          <p className="text-danger" role="alert">
            {offer.message}
          </p>
        ) : null}
        <div className="d-flex flex-wrap gap-2">
          {code ? (
            <Link to="/credits" className="btn btn-primary">
              {t('stayOffer.buy')}
            </Link>
          ) : (
            <offer.fetcher.Form method="post" action="/notifications?intent=stay">
              <input type="hidden" name="offer" value="stay" />
              <SubmitButton className="btn btn-primary" busy={offer.busy} beforeScripts>
                {t('stayOffer.take')}
              </SubmitButton>
            </offer.fetcher.Form>
          )}
          <Link
            to="?delete=1#settings-delete"
            className="btn btn-link text-danger"
            preventScrollReset
            replace
          >
            {t('stayOffer.continue')}
          </Link>
        </div>
      </div>
    </section>
  )
}
