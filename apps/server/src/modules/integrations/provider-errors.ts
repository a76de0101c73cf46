import { UPLOAD_TOO_LARGE_DETAIL } from '@atempo/contracts';
import { GraphError, OAuthError } from '@atempo/integrations';
import { AppError } from '../../platform/errors.ts';

export const reconnectRequired = (providerName: string) =>
  new AppError(
    409,
    'RECONNECT_REQUIRED',
    `Your ${providerName} connection has expired or was revoked: reconnect it on the Data Integrations page.`,
  );

export const providerUnavailable = (providerName: string) =>
  new AppError(503, 'PROVIDER_UNAVAILABLE', `${providerName} did not answer; try again in a moment.`, {
    'retry-after': '30',
  });

export const notConnected = (providerName: string) =>
  new AppError(
    409,
    'NOT_CONNECTED',
    providerName === 'Microsoft 365'
      ? 'Please authenticate with Microsoft 365 first'
      : `Connect ${providerName} first on the Data Integrations page.`,
  );

/**
 * A provider's failure as an answer for the caller: its sentence never carries the provider's
 * own message, which may echo a token or a pre-authenticated address.
 */
export function providerFailure(error: unknown, providerName: string): Error {
  if (error instanceof AppError) return error;
  if (error instanceof GraphError) {
    switch (error.kind) {
      case 'auth':
        return reconnectRequired(providerName);
      case 'not_found':
        return new AppError(404, 'NOT_FOUND', `${providerName} has no such item, or you cannot see it.`);
      case 'forbidden':
        return new AppError(403, 'PROVIDER_FORBIDDEN', `${providerName} refused access to this item.`);
      case 'too_large':
        return new AppError(413, 'UPLOAD_TOO_LARGE', UPLOAD_TOO_LARGE_DETAIL);
      default:
        return providerUnavailable(providerName);
    }
  }
  if (error instanceof OAuthError) {
    return error.kind === 'invalid_grant'
      ? reconnectRequired(providerName)
      : providerUnavailable(providerName);
  }
  return providerUnavailable(providerName);
}
