/**
 * Where a signed-in user lands: the Deals page. Spec 01 §4 sends users to onboarding (Integrations)
 * or the dashboard; neither is built yet, so that rule returns with the guide and the Integrations
 * page.
 */
export const HOME_PATH = '/deals';

/** Onboarding flags (spec 01 §3) a new account starts without. */
export const ONBOARDING_FLAGS_CLEARED_ON_REGISTRATION = ['pebble_visited', 'onboarding_completed'] as const;

/** Pages where an already signed-in visitor is sent on at start-up. */
export const SIGN_IN_PATHS: readonly string[] = ['/login', '/register'];
