import { useRef } from 'react';

/** The id of the page's <main>, the skip link's target and the last resort for returning focus. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * Gives focus back to what opened a dialog or panel when it closes. Radix returns focus only to a
 * Dialog.Trigger; our dialogs open from state (a row, a badge, a menu item), so without this focus
 * fell to the top of the page. When the opener is gone (a deleted row, a closed menu), focus goes
 * to the page's main region so the keyboard user is at least back in the content.
 *
 * Spread the result onto Dialog.Content; a caller's own onOpenAutoFocus runs after it.
 */
export function useReturnFocus(onOpenAutoFocus?: (event: Event) => void) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      // Radix fires this before it moves focus, so the active element is still the opener.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      event.preventDefault();
      const target = opener.current?.isConnected ? opener.current : document.getElementById(MAIN_CONTENT_ID);
      opener.current = null;
      target?.focus();
    },
  };
}
