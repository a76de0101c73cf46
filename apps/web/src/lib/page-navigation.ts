/**
 * Leaving the single-page app: a full-page navigation (an OAuth provider's sign-in, the API's
 * Microsoft login) or a new tab. One seam, so tests can watch where the browser would go; jsdom
 * cannot navigate, and `window.location` cannot be stubbed.
 */
export const pageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  /** A new tab that cannot reach back into this one (no opener, no referrer). */
  openTab(url: string): void {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
};
