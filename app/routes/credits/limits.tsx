import { Form, Link } from 'react-router'
import { BREAK_DAYS } from '#common/spending.ts'
import { FormField, FormMessage } from '../../components/form-field.tsx'
import { PageTitle } from '../../components/page-title.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useMoney } from '../../features/credits/money.tsx'
import { useTranslation } from '../../i18n.ts'
import { usePageForm, withIntent } from '../../lib/page-form.ts'
import { useDateTime } from '../../lib/use-date-time.ts'
import type { Route } from './+types/limits'
import { changeLimits, loadLimits } from './credits.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return loadLimits(context)
}

export async function action({ context, request }: Route.ActionArgs) {
  return changeLimits(context, request)
}

/**
 * /credits/limits (issue 54, point 4; ADR 32): this month's spending in money, a monthly limit the
 * member chooses (lower at once, higher after 24 hours), and a break from purchases of 1, 7 or 30
 * days. Both forms post to the page: they work without scripts; the server checks every purchase.
 */
export default function Limits({ loaderData: view, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const money = useMoney()
  const dateTime = useDateTime()
  const form = usePageForm(actionData)
  const answered = actionData?.intent ?? null
  const refused = (intent: string) => (actionData?.ok === false && answered === intent ? form : null)
  const done = (intent: string) => actionData?.ok === true && answered === intent
  const whole = (cents: number) => String(Math.round(cents / 100))

  return (
    <div className="container py-4 spending-limits" style={{ maxWidth: 720 }}>
      <PageTitle title={t('spending.title')} />
      <h1 className="h3">{t('spending.title')}</h1>
      <p className="lead" data-testid="month-spent">
        {t('spending.thisMonth', { amount: money(view.month.spent, view.currency) })}
        {view.others.length > 0
          ? ` ${t('spending.others', { amounts: view.others.map((o) => money(o.amount, o.currency)).join(', ') })}`
          : null}
      </p>
      {view.break_until ? (
        <p className="alert alert-info" role="status" data-testid="on-break">
          {t('spending.onBreak', { date: dateTime(view.break_until) })}
        </p>
      ) : null}

      <section className="card card-body shadow-sm mb-4" id="limit" aria-labelledby="limit-title">
        <h2 className="h5" id="limit-title">
          {t('spending.limitTitle')}
        </h2>
        <p data-testid="limit-now">
          {view.limit
            ? t('spending.limitIs', {
                limit: money(view.limit.amount, view.limit.currency),
                left: money(view.limit.left, view.limit.currency),
              })
            : t('spending.noLimit')}
        </p>
        {view.pending ? (
          <p className="alert alert-warning" role="status" data-testid="limit-pending">
            {view.pending.amount === null
              ? t('spending.pendingNone', { date: dateTime(view.pending.from) })
              : t('spending.pendingRaise', {
                  limit: money(view.pending.amount, view.pending.currency),
                  date: dateTime(view.pending.from),
                })}
          </p>
        ) : null}
        <p className="small text-body-secondary">{t('spending.limitIntro')}</p>
        <Form
          method="post"
          action={withIntent('/credits/limits', '', 'limit')}
          noValidate
          aria-busy={form.busy}
        >
          <FormMessage
            error={refused('limit')?.message ?? null}
            success={done('limit') ? t('spending.limitSaved') : null}
          />
          <FormField
            id="spending-limit"
            name="limit"
            label={t('spending.limitLabel', { currency: view.limit?.currency ?? view.currency })}
            inputMode="numeric"
            autoComplete="off"
            defaultValue={refused('limit')?.values.limit ?? (view.limit ? whole(view.limit.amount) : '')}
            error={refused('limit')?.fields.limit}
            help={t('spending.limitHelp')}
            style={{ maxWidth: 200 }}
          />
          <SubmitButton busy={form.busy} busyLabel={t('spending.saving')} beforeScripts>
            {t('spending.limitSave')}
          </SubmitButton>
        </Form>
      </section>

      <section className="card card-body shadow-sm mb-4" id="break" aria-labelledby="break-title">
        <h2 className="h5" id="break-title">
          {t('spending.breakTitle')}
        </h2>
        <p className="small text-body-secondary">{t('spending.breakIntro')}</p>
        <Form
          method="post"
          action={withIntent('/credits/limits', '', 'break')}
          noValidate
          aria-busy={form.busy}
        >
          <FormMessage
            error={refused('break') ? (refused('break')?.error ?? null) : null}
            success={done('break') ? t('spending.breakTaken') : null}
          />
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{t('spending.breakLength')}</legend>
            {BREAK_DAYS.map((days) => (
              <div className="form-check" key={days}>
                <input
                  className="form-check-input"
                  type="radio"
                  name="days"
                  id={`break-${days}`}
                  value={days}
                  defaultChecked={days === BREAK_DAYS[0]}
                />
                <label className="form-check-label" htmlFor={`break-${days}`}>
                  {t('spending.breakDays', { count: days })}
                </label>
              </div>
            ))}
          </fieldset>
          <SubmitButton
            busy={form.busy}
            busyLabel={t('spending.saving')}
            className="btn btn-outline-primary"
            beforeScripts
          >
            {t('spending.breakTake')}
          </SubmitButton>
        </Form>
      </section>
      <p className="small">
        <Link to="/credits">{t('spending.backToCredits')}</Link>
        {' · '}
        <Link to="/transactions">{t('transactions.title')}</Link>
      </p>
    </div>
  )
}
