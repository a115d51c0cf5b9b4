import { type RouterContextProvider, redirectDocument } from 'react-router'
import { api } from '#common/api.ts'
import { formatMoney } from '#common/money.ts'
import { getAppContext } from '../../context.server.ts'
import { callAction, step } from '../../lib/call-action.server.ts'
import { notificationFields } from './notifications.server.ts'

/** What deleting the account would refund of the member's purchased credits (ADR 32). */
export async function loadClosingRefund(
  context: Readonly<RouterContextProvider>,
  user: { id: number; credits: number },
) {
  const app = getAppContext(context)
  const refund = await app.services.closingRefunds.offer(user.id, user.credits)
  return {
    credits: refund.credits,
    /** The amounts, formatted in the member's language ("25,00 €"), one per currency. */
    amount: refund.totals.map((x) => formatMoney(x.amount, x.currency, app.locale)).join(' + '),
  }
}

/** Whether the discount to stay may be offered now: the discounts service's rule (no offer during a break, ADR 32). */
export async function stayOffered(context: Readonly<RouterContextProvider>, userId: number) {
  return getAppContext(context).services.discounts.offering(userId)
}

/**
 * The settings page's forms (`?intent=` in their action says which), each its API call's one
 * handler run as the member (app/lib/call-action.server.ts): the notification switches, the
 * password change (the old one checked; the other sessions end), the e-mail change (a link to the
 * new address), the activation mail sent again, the discount offered to stay, and the account's
 * deletion (undone through the mailed link for 14 days), which ends the session and loads the next
 * page afresh.
 */
export function changeSettings(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  return callAction(
    context,
    request,
    {
      notifications: step({
        call: api.updateNotifications,
        read: notificationFields,
        answer: (_settings, body) => ({ mailsOn: Boolean(body.notifications_disabled) }),
      }),
      password: step({ call: api.changePassword }),
      email: step({ call: api.requestEmailChange, answer: (_ok, body) => ({ sentTo: body.email }) }),
      activation: step({ call: api.resendActivation }),
      stay: step({ call: api.stayOffer }),
      delete: step({
        call: api.deleteAccount,
        // The refund's box is shown, ticked, only when there are unused purchased credits.
        read: ({ reason, remarks, password = '', refund }) => ({
          reason,
          remarks,
          password,
          refund: refund === 'on',
        }),
        answer: () => {
          app.request.endSession()
          // A document load: the member's live connection and the page's state go with the session.
          return redirectDocument('/account-deleted')
        },
      }),
    },
    () => app.request.memberActor(),
  )
}
