// The call table's mutations that a page's form makes too (every one the console makes, and the
// member's settings), by their call's name, bound to this node's services (issue 57, point 1): the
// Fastify routes and the page actions (through the React Router context) run these, so neither
// restates a service call.
import { accountSettingsHandlers } from '#server/modules/accounts/account-settings.handlers.ts'
import { dataExportHandlers } from '#server/modules/accounts/data-export.handlers.ts'
import { memberSupportHandlers } from '#server/modules/accounts/member-support.handlers.ts'
import { passwordResetHandlers } from '#server/modules/accounts/password-reset.handlers.ts'
import { sessionHandlers } from '#server/modules/accounts/session.handlers.ts'
import { complaintsHandlers } from '#server/modules/complaints/complaints.handlers.ts'
import { fictionalProfilesHandlers } from '#server/modules/members/fictional-profiles.handlers.ts'
import { profileHandlers } from '#server/modules/members/profile.handlers.ts'
import { appealsHandlers } from '#server/modules/moderation/appeals.handlers.ts'
import { moderationHandlers } from '#server/modules/moderation/moderation.handlers.ts'
import { notificationsHandlers } from '#server/modules/notifications/notifications.handlers.ts'
import { inboxHandlers } from '#server/modules/operators/inbox.handlers.ts'
import { paymentsConsoleHandlers } from '#server/modules/payments/console.handlers.ts'
import { offersHandlers } from '#server/modules/payments/offers.handlers.ts'
import { siteSettingsHandlers } from '#server/modules/sites/site-settings.handlers.ts'
import { staffAdminHandlers } from '#server/modules/staff/staff-admin.handlers.ts'
import { statisticsHandlers } from '#server/modules/statistics/statistics.handlers.ts'
import { verificationHandlers } from '#server/modules/verification/verification.handlers.ts'
import { voicePromptsHandlers } from '#server/modules/voice-prompts/voice-prompts.handlers.ts'
import type { AppServices } from './services.ts'

export function createHandlers(services: AppServices) {
  return {
    ...moderationHandlers(services),
    ...verificationHandlers(services),
    ...paymentsConsoleHandlers(services),
    ...siteSettingsHandlers(services),
    ...fictionalProfilesHandlers(services),
    ...inboxHandlers(services),
    ...memberSupportHandlers(services),
    ...staffAdminHandlers(services),
    ...statisticsHandlers(services),
    ...accountSettingsHandlers(services),
    ...notificationsHandlers(services),
    ...offersHandlers(services),
    ...complaintsHandlers(services),
    ...appealsHandlers(services),
    ...passwordResetHandlers(services),
    ...sessionHandlers(services),
    ...profileHandlers(services),
    ...dataExportHandlers(services),
    ...voicePromptsHandlers(services),
  }
}

export type AppHandlers = ReturnType<typeof createHandlers>
