import { integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core'
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

/**
 * A site's own text of a content page in one language (ADR 18), written in the console; without a
 * row the page is the bundled markdown (app/content).
 */
export const contentPages = pgTable(
  'content_pages',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    language: text('language').notNull(),
    markdown: text('markdown').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.name, t.language] })],
)
