import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './members.ts'

/**
 * Who likes whom. Two rows in opposite directions are a match. `isNew` stays true until the liked
 * member has seen it (opened the profile from their likes, or was shown the match).
 */
export const likes = pgTable(
  'likes',
  {
    likerUserId: integer('liker_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    likedUserId: integer('liked_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** profile (a card or page), swipe (the swipe game), auto (GET /api/auto-like.php). */
    source: text('source').notNull().default('profile'),
    isNew: boolean('is_new').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.likerUserId, t.likedUserId] }),
    index('likes_liked_recent').on(t.likedUserId, t.createdAt.desc()),
    index('likes_liker_recent').on(t.likerUserId, t.createdAt.desc()),
    // The like-mail job's scan: likes not seen yet, by when they came (ADR 19).
    index('likes_new').on(t.createdAt).where(sql`${t.isNew}`),
  ],
)

/** Every card decided in the swipe game: liked or passed, so that a card comes once. */
export const swipes = pgTable(
  'swipes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    swipedUserId: integer('swiped_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    liked: boolean('liked').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.swipedUserId] }),
    index('swipes_user_recent').on(t.userId, t.createdAt.desc()),
  ],
)
