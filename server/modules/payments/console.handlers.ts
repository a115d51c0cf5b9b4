import type { CallHandlers } from '#server/lib/api-route.ts'
import type { Actor } from '#server/modules/audit/audit.service.ts'
import type { CatalogService } from './catalog.service.ts'
import type { RefundsService } from './refunds.service.ts'

/**
 * The console's payments, one handler per call for its route and its form (issue 57, point 1): a
 * refund (support and admins), and what the sites sell (admins).
 */
export const paymentsConsoleHandlers = (s: { refunds: RefundsService; catalog: CatalogService }) =>
  ({
    refundPayment: (body, actor) => s.refunds.refund(body.payment, body.reason, actor),
    saveBundle: (body, actor) => s.catalog.saveBundle(body, actor),
    createCode: (body, actor) => s.catalog.createCode(body, actor),
    expireCode: (body, actor) => s.catalog.expireCode(body.code, actor),
  }) satisfies CallHandlers<Actor>
