import type { Blocker } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';

/** Asks before a navigation drops unsaved thesis edits: Stay keeps them, Leave discards them. */
export function LeaveUnsavedDialog({ blocker }: { blocker: Blocker }) {
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title="Leave without saving?"
      description="Your changes to the thesis have not been saved. If you leave now, they are discarded."
      cancelLabel="Stay"
      confirmLabel="Leave"
      onConfirm={() => {
        if (blocker.state === 'blocked') blocker.proceed();
      }}
    />
  );
}
