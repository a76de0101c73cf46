/** Where a fresh sign-in lands: onboarding first (spec 01 §4). */
export function landingPathAfterLogin(user: { onboarding_completed: boolean }): string {
  return user.onboarding_completed ? '/dashboard' : '/integrations';
}

export const LANDING_AFTER_REGISTRATION = '/integrations';

/** Onboarding flags (spec 01 §3) a new account starts without. */
export const ONBOARDING_FLAGS_CLEARED_ON_REGISTRATION = ['pebble_visited', 'onboarding_completed'] as const;

/** Pages where an already signed-in visitor is sent to the dashboard at start-up. */
export const SIGN_IN_PATHS: readonly string[] = ['/login', '/register'];
