import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { MessageKind } from '#common/message-kinds.ts'
import type { MessagePayload } from '#common/schemas/chat-send.ts'
import { users } from './members.ts'

/** A conversation between two members (one per pair). */
export const conversations = pgTable('conversations', {
  id: serial('id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * A member ended it with a polite close (issue 61, point 4): neither writes here again. Its last
   * message is the closing one.
   */
  closedAt: timestamp('closed_at', { withTimezone: true }),
  closedByUserId: integer('closed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
})

/**
 * Each member's side of a conversation: the partner, the unread count, how far they have read,
 * and what they removed (a removed chat comes back with the next message, without the old ones).
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerUserId: integer('partner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unread: integer('unread').notNull().default(0),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
    /** Messages up to this id were removed by this member. */
    clearedUpTo: bigint('cleared_up_to', { mode: 'number' }).notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    /** This member has written here (their next message is not an opening). */
    hasSent: boolean('has_sent').notNull().default(false),
    /** This member's opening message here was one of their free welcome messages. */
    freeOpening: boolean('free_opening').notNull().default(false),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** This member chose to see the photos the model found explicit in this conversation unblurred. */
    showExplicit: boolean('show_explicit').notNull().default(false),
    /** This member allows calls in this conversation (issue 59); shown to the other only once both do. */
    callsAllowed: boolean('calls_allowed').notNull().default(false),
    /**
     * Since when this member's answer is awaited (issue 61, point 4): the partner's first message
     * after this member's last one; null when it is not their turn. chat_send keeps it.
     */
    turnSince: timestamp('turn_since', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    uniqueIndex('conversation_members_pair').on(t.userId, t.partnerUserId),
    index('conversation_members_recent').on(t.userId, t.lastMessageAt.desc()).where(sql`not ${t.hidden}`),
    // The message-mail job's scan: the sides with something unread, by when it arrived (ADR 19).
    index('conversation_members_unread').on(t.lastMessageAt).where(sql`${t.unread} > 0`),
    // A member's conversations waiting for their answer (the banner), and the reminder job's scan.
    index('conversation_members_turn').on(t.turnSince, t.userId).where(sql`${t.turnSince} is not null`),
  ],
)

/** Messages: their words and what their kind stores (`payload`). `clientId` makes a retried send safe. */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderUserId: integer('sender_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MessageKind>().notNull().default('text'),
    body: text('body').notNull().default(''),
    /**
     * What the message's kind stores beyond its words (MessagePayload, common/schemas/chat-send.ts):
     * a gift's key, or a file in the media store with its thumbnail. chat_send writes it as the send
     * gives it; no kind has a column of its own.
     */
    payload: jsonb('payload').$type<MessagePayload>(),
    /** The payload's file, for the one access check of every kind that stores one (ADR 35). */
    mediaFile: text('media_file').generatedAlwaysAs(sql`payload->>'file'`),
    cost: integer('cost').notNull().default(0),
    clientId: text('client_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the safety rules found in it when it was sent (MESSAGE_FLAGS, ADR 29): the receiver is told. */
    flags: text('flags').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    index('messages_conversation').on(t.conversationId, t.id.desc()),
    uniqueIndex('messages_client_id').on(t.senderUserId, t.clientId),
    // Who may see a message's file is read from its message (only the two members of the chat).
    index('messages_media').on(t.mediaFile).where(sql`media_file is not null`),
    // A sender's flagged messages, for their scam score (ADR 29).
    index('messages_flagged').on(t.senderUserId, t.createdAt).where(sql`flags <> '{}'::text[]`),
  ],
)
