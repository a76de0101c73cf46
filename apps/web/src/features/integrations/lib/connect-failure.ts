import { ApiError } from '../../../lib/api-error.ts';
import { failureText } from '../../../lib/failure-text.ts';

/** The server's code when it lacks a provider's settings (400). */
export const NOT_CONFIGURED_CODE = 'NOT_CONFIGURED';

/**
 * The text of a failed connect start (spec 03 §8): 'Failed to start OAuth: {message}', where an
 * answer without a sentence reads 'HTTP {status}: {body}'. A server without the provider's
 * settings says so in its own words.
 */
export function connectFailureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === NOT_CONFIGURED_CODE && error.detail) return error.detail;
    if (!error.detail && error.status > 0)
      return `Failed to start OAuth: HTTP ${error.status}: ${error.code}`;
  }
  return `Failed to start OAuth: ${failureText(error)}`;
}
