import { AppError } from '../../platform/errors.ts';

export interface ChatRateLimit {
  /** Questions one user may ask per window. */
  questions: number;
  windowMs: number;
}

/** Generous for a person, firm for a script: a model call costs money and a provider's quota. */
export const DEFAULT_CHAT_RATE_LIMIT: ChatRateLimit = { questions: 20, windowMs: 60_000 };

/**
 * Counts each user's questions in fixed windows, in this process's memory: the limit protects the
 * model provider's quota and the database from a runaway client, so per-instance counting is
 * enough (N API instances allow N times the rate, which the provider's own 429 then bounds).
 */
export function createChatRateLimiter(
  limit: ChatRateLimit = DEFAULT_CHAT_RATE_LIMIT,
  now = () => Date.now(),
) {
  const windows = new Map<string, { start: number; count: number }>();

  return {
    /** Counts one question of the user, or throws 429 {detail, code} with Retry-After. */
    take(userId: string): void {
      const at = now();
      // Drop finished windows now and then so the map does not grow with every user ever seen.
      if (windows.size > 1_000) {
        for (const [key, window] of windows) if (at - window.start >= limit.windowMs) windows.delete(key);
      }
      const window = windows.get(userId);
      if (!window || at - window.start >= limit.windowMs) {
        windows.set(userId, { start: at, count: 1 });
        return;
      }
      if (window.count >= limit.questions) {
        const retryAfter = Math.max(1, Math.ceil((window.start + limit.windowMs - at) / 1000));
        throw new AppError(
          429,
          'RATE_LIMITED',
          `Too many questions at once: at most ${limit.questions} a minute. Try again in ${retryAfter} s.`,
          { 'Retry-After': String(retryAfter) },
        );
      }
      window.count += 1;
    },
  };
}
