/**
 * Where a signed-in user lands: the dashboard (spec 01 §4 and §2: /dashboard is the redirect target
 * after login). Spec 01 §4 first sends a user who has not completed onboarding to /integrations;
 * neither the onboarding guide nor the Integrations page exists yet, and no user can complete
 * onboarding, so every sign-in and registration lands here until they do (decisions 024, 034).
 */
export const HOME_PATH = '/dashboard';

/** Onboarding flags (spec 01 §3) a new account starts without. */
export const ONBOARDING_FLAGS_CLEARED_ON_REGISTRATION = ['pebble_visited', 'onboarding_completed'] as const;

/** Pages where an already signed-in visitor is sent on at start-up. */
export const SIGN_IN_PATHS: readonly string[] = ['/login', '/register'];

/** Where the onboarding of spec 01 §4 starts: connecting data sources. */
export const ONBOARDING_PATH = '/integrations';

/**
 * Spec 01 §4: a signed-in user who has not completed onboarding goes to /integrations, otherwise
 * to the dashboard. Sign in with Microsoft follows it; the password login still lands on
 * HOME_PATH until the onboarding guide exists (decision 034).
 */
export function landingPathFor(user: { onboarding_completed: boolean }): string {
  return user.onboarding_completed ? HOME_PATH : ONBOARDING_PATH;
}
