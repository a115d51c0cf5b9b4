// The load of the failover drills (tests/faults/failover.test.ts): members sending messages, buying
// credits and searching without pause through nginx, each answer kept with its moment, and the
// checks of what was stored against what was acknowledged.
import { and, eq, inArray, like } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Database } from '#server/db/client.ts'
import { creditLedger } from '#server/db/schema/accounts.ts'
import { messages } from '#server/db/schema/chat.ts'
import { payments } from '#server/db/schema/payments.ts'
import { sleep } from './cluster.ts'
import { call, clientId, type Member } from './cluster-members.ts'
import { creditAccount } from './credits.ts'

export interface Answer {
  kind: 'message' | 'purchase' | 'search'
  status: number
  /** When it was answered (Date.now()). */
  at: number
  ms: number
  /** The error's code, for the API's JSON answers. */
  code?: string
  retryAfter?: string | null
}

export class Drill {
  readonly answers: Answer[] = []
  /** Each sender's acknowledged messages (client_id), and each buyer's paid sandbox payments. */
  readonly acknowledged = new Map<number, string[]>()
  readonly purchased = new Map<number, string[]>()
  private running = true
  private stoppedAt = 0
  private readonly workers: Promise<void>[] = []
  readonly base: string
  constructor(base: string) {
    this.base = base
  }

  private async answer(kind: Answer['kind'], member: Member, method: string, url: string, body?: unknown) {
    const started = Date.now()
    const res = await call(this.base, member, method, url, body).catch(() => null)
    const status = res?.status ?? 0
    const error = res && status >= 400 ? (res.json() as { error?: { code: string } }).error : undefined
    this.answers.push({
      kind,
      status,
      at: Date.now(),
      ms: Date.now() - started,
      code: error?.code ?? (res ? undefined : 'no answer'),
      retryAfter: res?.headers.get('retry-after'),
    })
    return res
  }
  /** Until it answers `ok`, as a page or a provider tries again: a second at first, then after Retry-After's pace. */
  private async until(kind: Answer['kind'], member: Member, method: string, url: string, body?: unknown) {
    for (;;) {
      const res = await this.answer(kind, member, method, url, body)
      if (res && res.status < 300) return res
      if (!this.running && kind === 'search') return res
      if (!this.running && Date.now() - this.stoppedAt > 30_000)
        throw new Error(`${method} ${url}: ${res?.status} ${res?.text}`)
      await sleep(200)
    }
  }

  /** `sender` writes to `reader` one message after the other, each sent again with its client_id until acknowledged. */
  sending(sender: Member, reader: Member) {
    const acknowledged: string[] = []
    this.acknowledged.set(sender.id, acknowledged)
    let n = 0
    this.workers.push(
      (async () => {
        while (this.running) {
          const id = clientId()
          const body = { profile: reader.profileId, text: `drill message ${++n}`, client_id: id }
          await this.until('message', sender, 'POST', '/api/message.php', body)
          acknowledged.push(id)
        }
      })(),
    )
  }

  /** `buyer` buys the first bundle again and again: the checkout, the payment at the sandbox, the provider's webhook until it is taken. */
  buying(buyer: Member) {
    const bought: string[] = []
    this.purchased.set(buyer.id, bought)
    this.workers.push(
      (async () => {
        const credits = await this.until('purchase', buyer, 'GET', '/api/credits.php')
        if (!credits) return
        const bundle = (credits.json() as { packages: Array<{ id: number }> }).packages[0]
        while (this.running) {
          const started = await this.until('purchase', buyer, 'POST', '/api/payment.php', {
            package: bundle.id,
            method: 'creditcard',
          })
          if (!started) return
          const checkout = (started.json() as { checkout_url: string }).checkout_url
          const providerId = checkout.split('/').pop() as string
          for (let paid = false; !paid; ) {
            const res = await fetch(`${this.base}/sandbox/checkout/${providerId}`, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded', origin: this.base },
              body: 'action=pay&card=4242',
              redirect: 'manual',
            }).catch(() => null)
            // The provider's page: a 503 of ours, as a page rather than JSON.
            const retryAfter = res?.headers.get('retry-after')
            this.answers.push({
              kind: 'purchase',
              status: res?.status ?? 0,
              at: Date.now(),
              ms: 0,
              retryAfter,
            })
            if (res && res.status >= 400) await res.text()
            paid = res?.status === 303
            if (!paid) await sleep(200)
          }
          bought.push(providerId)
        }
      })(),
    )
  }

  /** `member` searches without pause. */
  searching(member: Member) {
    this.workers.push(
      (async () => {
        while (this.running) await this.answer('search', member, 'GET', '/api/members.php?gender=female')
      })(),
    )
  }

  async stop() {
    this.running = false
    this.stoppedAt = Date.now()
    await Promise.all(this.workers)
  }

  /** The writes (messages, purchases) that were not answered 2xx/3xx, after `from`. */
  failedWrites(from: number) {
    return this.answers.filter((a) => a.kind !== 'search' && a.at >= from && a.status >= 400)
  }
}

/**
 * The sandbox's webhook, as its provider calls it: again until the payment it names is taken as
 * paid (the sandbox settles a payment 2 s after the member paid; before that the webhook answers 200
 * for a pending one).
 */
export async function webhookUntilPaid(base: string, database: Database, providerId: string) {
  for (let attempt = 0; attempt < 150; attempt++) {
    await fetch(`${base}/api/payment-webhook.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `id=${providerId}`,
    }).catch(() => null)
    const [row] = await database.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.providerId, providerId))
    if (row?.status === 'paid') return
    await sleep(200)
  }
  throw new Error(`the payment ${providerId} was never taken as paid`)
}

/**
 * Every acknowledged message stored once and debited once (its ledger row's reference is its
 * client_id), every paid purchase credited once, and each member's ledger adding up to their balance.
 */
export async function expectNothingLostOrTwice(database: Database, drill: Drill) {
  const db = database.db
  for (const [senderId, acknowledged] of drill.acknowledged) {
    const rows = await db
      .select({ id: messages.clientId, cost: messages.cost })
      .from(messages)
      .where(eq(messages.senderUserId, senderId))
    const stored = rows.map((m) => m.id)
    expect(new Set(stored).size).toBe(stored.length)
    for (const id of acknowledged) expect(stored).toContain(id)
    // One debit for each priced message (the welcome offer's first one is free), of its price.
    const debits = await db
      .select({ reference: creditLedger.reference, delta: creditLedger.delta })
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, senderId), like(creditLedger.reason, 'chat_%')))
    const priced = rows.filter((m) => m.cost > 0)
    expect(debits.map((d) => `${d.reference} ${-d.delta}`).sort()).toEqual(
      priced.map((m) => `${m.id} ${m.cost}`).sort(),
    )
    const account = await creditAccount(db, senderId)
    expect(account.ledger).toBe(account.credits)
  }
  for (const [buyerId, bought] of drill.purchased) {
    if (bought.length === 0) continue
    const rows = await db
      .select({ id: payments.id, status: payments.status, credits: payments.credits })
      .from(payments)
      .where(and(eq(payments.userId, buyerId), inArray(payments.providerId, bought)))
    expect(rows.map((r) => r.status)).toEqual(bought.map(() => 'paid'))
    // Each paid payment credited once, with its bundle's credits.
    const credited = await db
      .select({ reference: creditLedger.reference, delta: creditLedger.delta })
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, buyerId), eq(creditLedger.reason, 'payment')))
    expect(credited.map((c) => `${c.reference} ${c.delta}`).sort()).toEqual(
      rows.map((r) => `${r.id} ${r.credits}`).sort(),
    )
    const account = await creditAccount(db, buyerId)
    expect(account.ledger).toBe(account.credits)
  }
}
