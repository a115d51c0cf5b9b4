import type { CallHandlers } from '#server/lib/api-route.ts'
import type { Actor } from '#server/modules/audit/audit.service.ts'
import type { StatisticsService } from './statistics.service.ts'

/** The figures recounted on an admin's demand, one handler for the route and the console form. */
export const statisticsHandlers = (s: { statistics: StatisticsService }) =>
  ({
    refreshStats: (body, actor) => s.statistics.refresh(body, actor),
  }) satisfies CallHandlers<Actor>
