import type { FastifyRequest } from 'fastify'
import { createContext, type RouterContext } from 'react-router'
import type { Locale } from '#common/constants.ts'
import type { User } from '#common/schemas/accounts.ts'
import type { SettingsResponse } from '#common/schemas/sites.ts'
import type { DeviceScope } from '#server/lib/device-cookies.ts'
import type { FormFailure } from '#server/lib/form-failure.ts'
import type { StaffIdentity } from '#server/lib/require-staff.ts'
import type { RequestOrigin } from '#server/modules/accounts/accounts.service.ts'
import type { Actor } from '#server/modules/audit/audit.service.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'
import type { MemberActor, VisitorActor } from '#server/plugins/member-actor.ts'
import type { AppHandlers } from '#server/wiring/handlers.ts'
import type { AppServices } from '#server/wiring/services.ts'

/** The services route loaders reach through the React Router context (never by importing them). */
export type { AppServices }

/** What a route action needs of its request beyond the form (issue 34, ADR 25). */
interface PageRequest {
  /** The request's site, language, address and country, as the accounts service takes them. */
  origin(): RequestOrigin
  /** Sets the session cookie on the answer (a login, a sign-up). */
  startSession(token: string): void
  /** Clears it (a new password ends every session). */
  endSession(): void
  /** The member whose session sent the post; a visitor's post is refused (authentication_required). */
  member(): NonNullable<FastifyRequest['member']>
  /** The member behind a form, as their calls' handlers take them; a visitor's post is refused. */
  memberActor(): MemberActor
  /** Who posts a form that needs no session (a complaint, an appeal), a member or not. */
  visitorActor(): VisitorActor
  /** The session's own token (a password change keeps this session and ends the others). */
  sessionToken: string | null
  /** The address the request came from (the console's login throttle and audit). */
  ip: string
  /** Sets the console's session cookie (the password step of a staff login). */
  startStaffSession(token: string): void
  /** Clears it (a staff member starts their login again). */
  endStaffSession(): void
  /** The browser's device cookie of a kind of account (ADR 13), as it came. */
  device(scope: DeviceScope): string | null
  /** Keeps a device cookie on this browser (a login succeeded). */
  keepDevice(scope: DeviceScope, value: string): void
  /** The staff member whose password was given and whose second factor is awaited; else staff.required. */
  pendingStaff(): StaffIdentity
  /** The staff member behind a console form (both factors given), as the audit log records them. */
  staffActor(): Actor
  /**
   * A failure as a form shows it, in the request's language (an AppError's message, a schema's
   * per-field messages); null for a fault, which the action lets through to the error page.
   */
  failure(error: unknown): FormFailure | null
}

/** What the server knows about a page request before React Router runs. */
export interface AppLoadContext {
  services: AppServices
  /** The call table's mutations by name, each the one handler its route runs too (issue 57). */
  handlers: AppHandlers
  site: Site
  settings: SettingsResponse
  locale: Locale
  browserLocale: Locale | null
  geoCountry: string | null
  /** The served country the browser's languages point to (server/plugins/visitor.ts), or null. */
  languageCountry: string | null
  selectedCountry: string | null
  nonce: string
  production: boolean
  /** A staging site: payments are simulated and mail stays in the outbox (a banner says so). */
  staging: boolean
  /** The visitor's traffic source (network), from the URL or the cookie kept from an earlier visit. */
  network: string | null
  /** When this browser dismissed the site-entry warning (its cookie), or null. */
  siteEntryDismissedAt: string | null
  /** The logged-in member, or null for a visitor. */
  user: User | null
  /** The member's time zone as their browser last reported it, or null (a visitor, or not yet). */
  timeZone: string | null
  /** This request's moment, from the app's one clock (ADR 13). */
  now: Date
  /** On console pages: the staff member with both factors given, or null. */
  staff: StaffIdentity | null
  /** On console pages: a password was given and the second factor is awaited. */
  staffPending: boolean
  /** For route actions: the request's origin, its session cookie and its failures as forms say them. */
  request: PageRequest
}

// The server build bundles its own copy of this module: keep one key per process.
const KEY = Symbol.for('dating-app.load-context')
const holder = globalThis as unknown as Record<symbol, RouterContext<AppLoadContext> | undefined>
holder[KEY] ??= createContext<AppLoadContext>()

export const appLoadContext = holder[KEY]
