import { char, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core'

/** Interests members pick from, named in each bundled language. */
export const interests = pgTable('interests', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameFr: text('name_fr').notNull(),
  position: integer('position').notNull().default(0),
})

/** First-level regions (provinces, states, regions) of each country the sites serve. */
export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    country: char('country', { length: 2 }).notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [unique('regions_country_code').on(t.country, t.code)],
)
