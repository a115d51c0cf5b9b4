import { jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import type { CompanyInfo, SiteSettings } from '#common/schemas/sites.ts'

/** One row per brand (domain); settings and company are validated by the common zod schemas. */
export const sites = pgTable('sites', {
  id: serial('id').primaryKey(),
  domain: text('domain').notNull().unique(),
  settings: jsonb('settings').$type<SiteSettings>().notNull(),
  company: jsonb('company').$type<CompanyInfo>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Server-held secrets generated once (VAPID keys when not configured). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
