import { useEffect } from 'react';
import { type Blocker, useBlocker } from 'react-router';

/**
 * Guards unsaved edits: in-app navigation to another page is held by the returned blocker until
 * the person chooses Stay (blocker.reset) or Leave (blocker.proceed); closing or reloading the tab
 * gets the browser's own prompt, the only one a page may show then.
 */
export function useUnsavedChangesGuard(unsaved: boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium and Safari still need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return blocker;
}
