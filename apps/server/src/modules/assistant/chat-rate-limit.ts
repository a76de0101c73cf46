import { chatRateWindows, type Database } from '@atempo/db';
import { sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';

/** The engine a question counts against: a configured model or the built-in analyst. */
export type ChatEngineKind = 'model' | 'built-in';

/** Questions one user may ask per window, for each engine. */
export interface ChatRateLimits {
  model: number;
  builtIn: number;
  windowMs: number;
}

/**
 * Counts each user's questions in fixed windows in the database (chat_rate_windows), so every
 * API replica shares one count. A model's limit protects the provider's quota and bill; the
 * built-in analyst costs neither, so its own limit is higher and only stops a runaway client.
 */
export function createChatRateLimiter(db: Database, limits: ChatRateLimits, now = () => new Date()) {
  const table = chatRateWindows;

  return {
    /** Counts one question of the user, or throws 429 {detail, code} with Retry-After. */
    async take(userId: string, engine: ChatEngineKind): Promise<void> {
      const at = now();
      const allowed = engine === 'model' ? limits.model : limits.builtIn;
      const windowOver = new Date(at.getTime() - limits.windowMs);
      // One statement: concurrent questions (on any replica) each add one to the same row.
      const [row] = await db
        .insert(table)
        .values({ userId, engine, windowStart: at, questions: 1 })
        .onConflictDoUpdate({
          target: [table.userId, table.engine],
          set: {
            windowStart: sql`case when ${table.windowStart} <= ${windowOver.toISOString()}::timestamptz then ${at.toISOString()}::timestamptz else ${table.windowStart} end`,
            questions: sql`case when ${table.windowStart} <= ${windowOver.toISOString()}::timestamptz then 1 else ${table.questions} + 1 end`,
          },
        })
        .returning({ windowStart: table.windowStart, questions: table.questions });
      if (!row || row.questions <= allowed) return;
      const windowEnds = new Date(row.windowStart).getTime() + limits.windowMs;
      const retryAfter = Math.max(1, Math.ceil((windowEnds - at.getTime()) / 1000));
      throw new AppError(
        429,
        'RATE_LIMITED',
        `Too many questions at once: at most ${allowed} a minute. Try again in ${retryAfter} s.`,
        { 'Retry-After': String(retryAfter) },
      );
    },
  };
}
