import * as Dialog from '@radix-ui/react-dialog';
import { type MouseEvent, useState } from 'react';
import { Outlet } from 'react-router';
import { cn } from '../../components/ui/cn.ts';
import { focusRing } from '../../components/ui/focus.ts';
import { MAIN_CONTENT_ID, useReturnFocus } from '../../components/ui/return-focus.ts';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

/** Moves focus (not only the scroll position) to the page content, without a #hash in the URL. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const main = document.getElementById(MAIN_CONTENT_ID);
  main?.focus();
  main?.scrollIntoView();
}

/** The authenticated frame: a 16rem sidebar (a drawer on narrow screens), the top bar, the page. */
export function AppLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const returnFocus = useReturnFocus();
  return (
    <div className="min-h-screen bg-slate-50">
      {/* The first tab stop: past the sidebar and the top bar to the page itself (WCAG 2.4.1). */}
      <a
        href={`#${MAIN_CONTENT_ID}`}
        onClick={skipToMain}
        className={cn(
          'sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-medium text-indigo-700 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2',
          focusRing,
        )}
      >
        Skip to main content
      </a>
      <div className="fixed inset-y-0 left-0 z-40 hidden lg:block">
        <Sidebar />
      </div>
      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 lg:hidden" />
          <Dialog.Content
            {...returnFocus}
            className="fixed inset-y-0 left-0 z-50 shadow-xl focus:outline-none lg:hidden"
          >
            <Dialog.Title className="sr-only">Navigation</Dialog.Title>
            <Dialog.Description className="sr-only">Main sections of Atempo</Dialog.Description>
            <Sidebar onNavigate={() => setDrawerOpen(false)} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <div className="lg:pl-64">
        <TopBar onOpenNavigation={() => setDrawerOpen(true)} />
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl px-4 py-8 focus:outline-none sm:px-6 lg:px-8"
        >
          <Outlet />
        </main>
      </div>
    </div>
  );
}
