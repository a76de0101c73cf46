import { FileUp } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { UPLOAD_ACCEPT } from '../lib/upload-rules.ts';

/** Drag and drop or browse (spec 01 Smart Document Upload); several files at once. */
export function UploadDropzone({
  onFiles,
  disabled = false,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const dropped = Array.from(event.dataTransfer.files);
    if (dropped.length > 0) onFiles(dropped);
  };

  return (
    // Dropping is a pointer shortcut; the Browse files button is the keyboard and screen-reader path.
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target only listens for drag events
    <div
      data-testid="upload-dropzone"
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-5 text-center transition-colors',
        over ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-slate-50',
      )}
    >
      <FileUp aria-hidden="true" className="size-6 text-slate-400" />
      <p className="text-sm text-slate-700">
        Drag and drop files here, or{' '}
        <Button variant="secondary" size="sm" disabled={disabled} onClick={() => input.current?.click()}>
          Browse files
        </Button>
      </p>
      <p id={hintId} className="text-xs text-slate-500">
        PDF, Word (.doc, .docx) or Excel (.xls, .xlsx), up to 10 MB each.
      </p>
      <input
        ref={input}
        type="file"
        multiple
        accept={UPLOAD_ACCEPT}
        aria-label="Documents to analyse"
        aria-describedby={hintId}
        disabled={disabled}
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []);
          // Clear the input so choosing the same file again still reports a change.
          event.target.value = '';
          if (chosen.length > 0) onFiles(chosen);
        }}
      />
    </div>
  );
}
