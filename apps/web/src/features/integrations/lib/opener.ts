/**
 * The window that opened this one as a popup, when it is this app (same origin) and still open;
 * otherwise null, and the page acts on its own. Reading another origin's location throws.
 */
export function sameOriginOpener(): Window | null {
  const opener = window.opener as Window | null;
  if (!opener || opener === window) return null;
  try {
    if (opener.closed || opener.location.origin !== window.location.origin) return null;
  } catch {
    return null;
  }
  return opener;
}
