import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { type UploadTarget, useUploadQueue } from '../hooks/use-upload-queue.ts';
import { UploadDropzone } from './upload-dropzone.tsx';
import { UploadItemRow } from './upload-item-row.tsx';

/**
 * Spec 01 Smart Document Upload: drop or browse several files; each is analysed in turn for the
 * deal and company given (nothing starts without both), showing pending → analysing → completed or
 * error, and its analysis once done.
 */
export function SmartDocumentUpload({
  target,
  missingTargetHint,
  headingLevel: Heading = 'h2',
  children,
}: {
  target: UploadTarget | null;
  /** Shown while files wait for a deal. */
  missingTargetHint?: string;
  headingLevel?: 'h2' | 'h3';
  /** Controls shown above the drop area (the Deals page's deal picker). */
  children?: ReactNode;
}) {
  const { items, add, clearFinished, skippedNotice, dismissSkippedNotice } = useUploadQueue(target);
  const waitingForTarget = !target && items.some((item) => item.status === 'pending');
  const finished = items.some((item) => item.status === 'completed' || item.status === 'error');
  return (
    <section aria-label="Smart Document Upload" className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <Heading className="text-sm font-semibold text-slate-900">Smart Document Upload</Heading>
        {finished && (
          <Button variant="ghost" size="sm" onClick={clearFinished}>
            Clear finished
          </Button>
        )}
      </div>
      {children}
      <UploadDropzone onFiles={add} />
      {skippedNotice && (
        <Alert tone="warning">
          <div className="flex items-start justify-between gap-3">
            <p role="alert">{skippedNotice}</p>
            <Button variant="ghost" size="sm" onClick={dismissSkippedNotice}>
              Dismiss
            </Button>
          </div>
        </Alert>
      )}
      {waitingForTarget && missingTargetHint && (
        <p role="status" className="text-sm text-amber-800">
          {missingTargetHint}
        </p>
      )}
      {items.length > 0 && (
        <ul aria-label="Uploaded files" className="divide-y divide-slate-100">
          {items.map((item) => (
            <UploadItemRow key={item.key} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
