import type { CallHandlers } from '#server/lib/api-route.ts'
import type { Actor } from '#server/modules/audit/audit.service.ts'
import type { FictionalProfilesService } from './fictional-profiles.service.ts'

/** The operators' fictional profiles, one handler per call for its route and its console form. */
export const fictionalProfilesHandlers = (s: { fictional: FictionalProfilesService }) =>
  ({
    createFictional: (body, actor) => s.fictional.create(body, actor),
    updateFictional: (body, actor) => s.fictional.update(body, actor),
    removeFictionalPhoto: (body, actor) => s.fictional.removePhoto(body.photo, actor),
  }) satisfies CallHandlers<Actor>
