/** What other features may use of the auth feature; everything else in it is its own. */

export { meQueryKey } from './api/me-query.ts';
export { PasswordMatch } from './components/password-match.tsx';
export { passwordProblem } from './components/password-rules.ts';
export { useAuth } from './hooks/auth-context.ts';
export { HOME_PATH, landingPathFor } from './hooks/landing.ts';
export { safeReturnPath } from './lib/return-path.ts';
