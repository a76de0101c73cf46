/**
 * Where a signed-in user lands: the Deals page. Spec 01 §4 sends users to onboarding (Integrations)
 * or the dashboard. The dashboard (at / and /dashboard) holds only Ask Anything until its stats
 * arrive (issue #10) and onboarding is not built, so that rule returns with them (decision 024).
 */
export const HOME_PATH = '/deals';

/** Onboarding flags (spec 01 §3) a new account starts without. */
export const ONBOARDING_FLAGS_CLEARED_ON_REGISTRATION = ['pebble_visited', 'onboarding_completed'] as const;

/** Pages where an already signed-in visitor is sent on at start-up. */
export const SIGN_IN_PATHS: readonly string[] = ['/login', '/register'];
