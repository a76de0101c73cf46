/** Spec 01 §3 / 03 §4: the welcome guide, once dismissed, stays dismissed on this device. */
export const WELCOME_DISMISSED_KEY = 'integrations_welcome_dismissed';

export function isWelcomeDismissed(): boolean {
  return localStorage.getItem(WELCOME_DISMISSED_KEY) === 'true';
}

export function dismissWelcome(): void {
  localStorage.setItem(WELCOME_DISMISSED_KEY, 'true');
}
