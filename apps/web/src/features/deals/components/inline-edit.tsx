import { Pencil } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { focusRing } from '../../../components/ui/focus.ts';

export interface InlineOption {
  value: string;
  label: string;
}

export type InlineEditor =
  | { kind: 'select'; options: readonly InlineOption[] }
  | {
      kind: 'text';
      inputMode?: 'decimal' | 'numeric';
      hint?: string;
      /** Why the draft cannot be saved, shown under the field; the edit stays open until fixed or cancelled. */
      validate?: (draft: string) => string | null;
    };

export interface InlineEditProps {
  /** What is edited, for assistive technology: 'Stage of Acme Robotics'. */
  label: string;
  /** The current value as the editor's text. */
  value: string;
  /** The shown value; it is also the visible part of the edit button's accessible name. */
  display: ReactNode;
  editor: InlineEditor;
  /** Called with the draft when it differs from `value`. */
  onSave: (draft: string) => void;
  className?: string;
}

const editorClasses =
  'h-7 rounded-md border border-indigo-400 bg-white px-1.5 text-xs text-slate-900 shadow-xs focus:outline-none focus:ring-2 focus:ring-indigo-500/30';

/**
 * Click to edit; Enter saves, Escape cancels (spec 02 §2). Leaving the field saves too, the
 * spreadsheet convention, so a value picked with the mouse is not lost.
 */
export function InlineEdit({ label, value, display, editor, onSave, className }: InlineEditProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  // Enter and Escape settle the edit; the blur that follows (or an unmount) must not save again.
  const settled = useRef(false);
  // After Enter or Escape the keyboard user goes on from this cell, not from the top of the page.
  const refocus = useRef(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!editing && refocus.current) {
      refocus.current = false;
      button.current?.focus();
    }
  }, [editing]);

  function start() {
    settled.current = false;
    setDraft(value);
    setError(null);
    setEditing(true);
  }

  function finish(save: boolean) {
    if (settled.current) return;
    const problem = save && editor.kind === 'text' && draft !== value ? editor.validate?.(draft) : null;
    if (problem) {
      setError(problem);
      return;
    }
    settled.current = true;
    setEditing(false);
    if (save && draft !== value) onSave(draft);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement | HTMLSelectElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      refocus.current = true;
      finish(true);
    } else if (event.key === 'Escape') {
      // Keep the Escape to this cell: it must not also close a panel or dialog around it.
      event.preventDefault();
      event.stopPropagation();
      refocus.current = true;
      finish(false);
    }
  }

  if (editing) {
    return editor.kind === 'select' ? (
      <select
        // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this cell
        autoFocus
        aria-label={label}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => finish(true)}
        className={cn(editorClasses, 'w-32', className)}
      >
        {!editor.options.some((option) => option.value === draft) && (
          <option value={draft} disabled>
            Choose…
          </option>
        )}
        {editor.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    ) : (
      <span className="inline-flex flex-col gap-0.5">
        <input
          // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this cell
          autoFocus
          aria-label={label}
          title={editor.hint}
          inputMode={editor.inputMode}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          onFocus={(event) => event.currentTarget.select()}
          onKeyDown={onKeyDown}
          onBlur={() => finish(true)}
          className={cn(editorClasses, 'w-24 tabular-nums', error && 'border-red-500', className)}
        />
        {error && (
          <span id={errorId} role="alert" className="max-w-48 text-xs text-red-700">
            {error}
          </span>
        )}
      </span>
    );
  }

  return (
    <button
      ref={button}
      type="button"
      onClick={start}
      className={cn(
        'group -mx-1 inline-flex items-center gap-1.5 rounded-md px-1 py-0.5 text-left hover:bg-slate-100',
        focusRing,
      )}
    >
      {/* Named by its visible value after a hidden prefix, so speech input can use what is shown. */}
      <span className="sr-only">Edit {label}:</span> {display}
      <Pencil
        aria-hidden="true"
        className="size-3 shrink-0 text-slate-400 opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
      />
    </button>
  );
}
