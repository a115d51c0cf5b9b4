import { Form, Link } from 'react-router'
import type { FictionalReminder as FictionalReminderData } from '#common/fictional-reminder.ts'
import { useTranslation } from '../../i18n.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { useMoney } from './money.tsx'

/**
 * Issue 54, point 9 (ADR 32; the Dutch ACM's third rule): when a member's spending in conversations
 * with fictional profiles passes the site's amount again, a clear reminder of what those profiles
 * are, in place of the usual note, with the limit and the break one tap away. "I understand" posts
 * to the conversation's page (it works without scripts); the next comes at the next amount.
 */
export function FictionalReminder({
  reminder,
  conversation,
}: {
  reminder: FictionalReminderData
  conversation: number
}) {
  const { t } = useTranslation()
  const money = useMoney()
  const { settings } = useRootData()
  return (
    <section
      className="alert alert-warning m-2 mb-0"
      aria-labelledby="fictional-reminder-title"
      data-testid="fictional-reminder"
    >
      <h2 className="h6" id="fictional-reminder-title">
        {t('spending.reminder.title')}
      </h2>
      <p className="small mb-2">
        {t('spending.reminder.text', {
          amount: money(reminder.spent, reminder.currency),
          icon: settings.fictional_icon,
        })}{' '}
        {settings.fictional_warning}
      </p>
      <Form method="post" action={`/chats/${conversation}`} className="d-flex flex-wrap gap-2">
        <Link to="/credits/limits#limit" className="btn btn-sm btn-outline-dark">
          {t('spending.checkIn.setLimit')}
        </Link>
        <Link to="/credits/limits#break" className="btn btn-sm btn-outline-dark">
          {t('spending.checkIn.takeBreak')}
        </Link>
        <button type="submit" className="btn btn-sm btn-dark">
          {t('spending.reminder.understood')}
        </button>
      </Form>
    </section>
  )
}
