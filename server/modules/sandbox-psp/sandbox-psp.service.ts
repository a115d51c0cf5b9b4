import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { sandboxPayments } from '#server/db/schema/payments.ts'
import { AppError } from '#server/lib/errors.ts'

/** How long a paid sandbox payment stays pending (processing) before it is paid. */
const SETTLE_MS = 2000
/** An unpaid sandbox payment expires after this long, as a PSP's would. */
const EXPIRES_MS = 15 * 60 * 1000

export type SandboxStatus = 'open' | 'pending' | 'paid' | 'failed' | 'canceled' | 'expired'
export type SandboxPspService = ReturnType<typeof createSandboxPspService>

/**
 * A payment service provider inside the app (DESIGN.md section 1): it keeps its own payments, shows
 * a checkout page with Pay, Fail and Cancel, lets a paid payment be processed for a moment before it
 * is paid, and calls the merchant's webhook with nothing but the payment id.
 */
export function createSandboxPspService(
  db: Db,
  deps: {
    callWebhook?: (url: string, id: string) => Promise<void>
    now?: () => Date
    settleMs?: number
  } = {},
) {
  const now = deps.now ?? (() => new Date())
  const settleMs = deps.settleMs ?? SETTLE_MS
  const callWebhook =
    deps.callWebhook ??
    (async (url: string, id: string) => {
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id }).toString(),
        signal: AbortSignal.timeout(5000),
      }).catch(() => {})
    })

  /** The status now: a pending payment whose moment has passed is paid; an old open one expired. */
  async function status(id: string) {
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).limit(1)
    if (!row) return null
    const at = now()
    let next = row.status as SandboxStatus
    if (next === 'pending' && row.settlesAt && row.settlesAt <= at) next = 'paid'
    if (next === 'open' && row.expiresAt <= at) next = 'expired'
    if (next !== row.status)
      await db.update(sandboxPayments).set({ status: next }).where(eq(sandboxPayments.id, id))
    return { ...row, status: next }
  }

  return {
    status,

    async create(p: {
      amount: number
      currency: string
      description: string
      method: string
      redirectUrl: string
      webhookUrl: string
    }) {
      const id = `tr_${randomBytes(10).toString('hex')}`
      await db.insert(sandboxPayments).values({ id, ...p, expiresAt: new Date(now().getTime() + EXPIRES_MS) })
      return { id, checkoutUrl: `/sandbox/checkout/${id}` }
    },

    /** The payer pressed Pay, Fail or Cancel on the checkout page. */
    async act(id: string, action: 'pay' | 'fail' | 'cancel') {
      const current = await status(id)
      if (!current) throw new AppError('sandbox.not_found', 404)
      if (current.status !== 'open') return current
      const next = action === 'pay' ? 'pending' : action === 'fail' ? 'failed' : 'canceled'
      await db
        .update(sandboxPayments)
        .set({ status: next, settlesAt: action === 'pay' ? new Date(now().getTime() + settleMs) : null })
        .where(eq(sandboxPayments.id, id))
      void callWebhook(current.webhookUrl, id)
      if (action === 'pay') {
        // Tell the merchant again once it is paid (a real PSP does; the merchant asks us for the status).
        setTimeout(() => void callWebhook(current.webhookUrl, id), settleMs + 50).unref()
      }
      return { ...current, status: next }
    },
  }
}
