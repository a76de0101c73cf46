import { Toaster } from 'sonner';
import { TooltipProvider } from '../../components/ui/tooltip.tsx';
import { AppLayout } from './app-layout.tsx';

/**
 * The signed-in frame with what only signed-in screens use: tooltips and the toast outlet. It is
 * loaded with the first signed-in page, not with the public ones.
 */
export function AuthenticatedShell() {
  return (
    <TooltipProvider delayDuration={200}>
      <AppLayout />
      <Toaster position="bottom-right" richColors closeButton toastOptions={{ className: 'font-sans' }} />
    </TooltipProvider>
  );
}
