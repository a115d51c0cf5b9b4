import type { FastifyPluginAsync } from 'fastify'
import { escapeHtml } from '#common/escape-html.ts'
import { formatMoney } from '#common/money.ts'
import { AppError } from '#server/lib/errors.ts'
import { acceptFormBodies } from '#server/lib/form-body.ts'
import { type SandboxPspService, TEST_CARDS, type TestCard } from './sandbox-psp.service.ts'

const ID = /^tr_[0-9a-f]{20}$/

/** The sandbox PSP's checkout page (its own plain page, as a PSP's would be) and its buttons. */
export const sandboxPspRoutes: FastifyPluginAsync<{ psp: SandboxPspService }> = async (app, { psp }) => {
  acceptFormBodies(app)

  app.get<{ Params: { id: string } }>('/sandbox/checkout/:id', async (request, reply) => {
    const payment = ID.test(request.params.id) ? await psp.status(request.params.id) : null
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8')
    if (!payment)
      return reply.code(404).send('<!doctype html><title>Not found</title><p>Unknown payment.</p>')
    const nonce = reply.scriptNonce
    const open = payment.status === 'open'
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox Pay – checkout</title>
<style nonce="${nonce}">
body{font-family:system-ui,sans-serif;background:#eef2f7;margin:0;padding:2rem 1rem;color:#1d2433}
main{max-width:26rem;margin:auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px #0002}
h1{font-size:1.1rem;margin:0 0 1rem}.amount{font-size:2rem;font-weight:700;margin:.25rem 0}
.muted{color:#555}button{display:block;width:100%;padding:.75rem;margin-top:.75rem;border-radius:8px;border:0;font-size:1rem;cursor:pointer}
.pay{background:#1b7f3b;color:#fff}fieldset{border:1px solid #ccc;border-radius:8px;line-height:2}.fail{background:#fff;border:2px solid #a61b1b;color:#a61b1b}.cancel{background:#fff;border:2px solid #555;color:#333}
</style></head>
<body><main>
<h1>Sandbox Pay <span class="muted">(test payments, no money moves)</span></h1>
<p class="muted">${escapeHtml(payment.description)}</p>
<p class="amount">${escapeHtml(formatMoney(payment.amount, payment.currency, 'en'))}</p>
<p class="muted">Method: ${escapeHtml(payment.method)} · Payment ${escapeHtml(payment.id)}</p>
${
  open
    ? `<form method="post">${
        payment.sequenceType === 'first'
          ? `<fieldset><legend>Test card (saved for one-click purchases)</legend>
<label><input type="radio" name="card" value="4242" checked> 4242 4242 4242 4242</label><br>
<label><input type="radio" name="card" value="0341"> 4000 0000 0000 0341 <span class="muted">(saved, declines later charges)</span></label></fieldset>`
          : ''
      }<button class="pay" name="action" value="pay">Pay</button>
<button class="fail" name="action" value="fail">Fail</button>
<button class="cancel" name="action" value="cancel">Cancel</button></form>`
    : payment.status === 'pending' && payment.sequenceType === 'recurring'
      ? `<p>This recurring payment is being collected.</p><form method="post"><button class="fail" name="action" value="fail">Return the debit (bank refuses)</button></form>`
      : `<p>This payment is ${escapeHtml(payment.status)}.</p><p><a href="${escapeHtml(payment.redirectUrl)}">Back to the shop</a></p>`
}
</main></body></html>`
  })

  app.post<{ Params: { id: string }; Body: { action?: string; card?: string } }>(
    '/sandbox/checkout/:id',
    async (request, reply) => {
      const action = request.body?.action
      const card = request.body?.card ?? '4242'
      if (
        !ID.test(request.params.id) ||
        (action !== 'pay' && action !== 'fail' && action !== 'cancel') ||
        !Object.hasOwn(TEST_CARDS, card)
      ) {
        throw new AppError('request.invalid', 400)
      }
      const payment = await psp.act(request.params.id, action, card as TestCard)
      return reply.redirect(payment.redirectUrl, 303)
    },
  )
}
