import { data, type RouterContextProvider, redirectDocument } from 'react-router'
import { formatMoney } from '#common/money.ts'
import { ChangePasswordInput, DeleteAccountInput, EmailChangeInput } from '#common/schemas/accounts.ts'
import { DiscountOfferInput } from '#common/schemas/credits.ts'
import { getAppContext } from '../../context.server.ts'
import { formFields, refused } from '../../lib/form-action.server.ts'
import { notificationChange } from './notifications.server.ts'

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

/**
 * The settings page's forms (`?intent=` in their action says which): the notification switches,
 * the password change (the old one checked; the other sessions end), the e-mail change (a link
 * to the new address), the activation mail sent again, the discount offered to stay, and the account's deletion (undone through
 * the mailed link for 14 days), which ends the session and loads the next page afresh.
 */
export async function changeSettings(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  const intent = new URL(request.url).searchParams.get('intent')
  const fields = await formFields(request)
  try {
    if (intent === 'notifications') {
      const change = notificationChange(fields)
      await app.services.notifications.update(app.request.member().userId, change)
      return { ok: true as const, intent, mailsOn: Boolean(change.notifications_disabled) }
    }
    if (intent === 'password') {
      const input = ChangePasswordInput.parse(fields)
      await app.services.passwords.change(
        app.request.member(),
        input.old_password,
        input.password,
        app.request.sessionToken,
      )
      return { ok: true as const, intent }
    }
    if (intent === 'email') {
      const input = EmailChangeInput.parse(fields)
      await app.services.accountSettings.requestEmailChange(
        app.request.member(),
        input.email,
        input.password,
        app.request.origin(),
      )
      return { ok: true as const, intent, sentTo: input.email }
    }
    if (intent === 'activation') {
      await app.services.accounts.resendActivation(app.request.member(), app.request.origin())
      return { ok: true as const, intent }
    }
    if (intent === 'stay') {
      DiscountOfferInput.parse({ offer: fields.offer })
      const code = await app.services.discounts.stayOffer(app.request.member().userId, app.site)
      return { ok: true as const, intent, code }
    }
    if (intent === 'delete') {
      const input = DeleteAccountInput.parse({
        reason: fields.reason || undefined,
        remarks: fields.remarks?.trim() || undefined,
        password: fields.password ?? '',
        // The box the form shows, ticked, when there are unused purchased credits.
        refund: fields.refund === 'on',
      })
      await app.services.accountSettings.deleteAccount(app.request.member(), input, app.request.origin())
      app.request.endSession()
      // A document load: the member's live connection and the page's state go with the session.
      return redirectDocument('/account-deleted')
    }
  } catch (error) {
    return refused(
      context,
      error,
      intent === 'email'
        ? { email: fields.email ?? '' }
        : intent === 'delete'
          ? { reason: fields.reason ?? '', remarks: fields.remarks ?? '', refund: fields.refund ?? '' }
          : {},
      intent ?? undefined,
    )
  }
  throw data(null, { status: 400 })
}
