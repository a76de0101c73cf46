import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Each user's questions to the assistant in the current fixed window, per engine (owner:
 * assistant). Counted in the database so that every API replica shares one count; one row per
 * user and engine, reset in place when its window has passed.
 */
export const chatRateWindows = pgTable(
  'chat_rate_windows',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'model' or 'built-in': the built-in analyst has its own, higher limit. */
    engine: text('engine').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    questions: integer('questions').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.engine] })],
);
