import { MIN_PASSWORD_LENGTH } from '@atempo/contracts/constants';

export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORDS_MATCH = 'Passwords match';

/** The client-side checks of spec 01 §5 (the server validates again): length first, then the match. */
export function passwordProblem(password: string, confirmation: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  if (password !== confirmation) return PASSWORDS_DO_NOT_MATCH;
  return null;
}
