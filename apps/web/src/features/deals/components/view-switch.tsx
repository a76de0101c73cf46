import { SquareKanban, Table2 } from 'lucide-react';
import { cn } from '../../../components/ui/cn.ts';
import { focusRing } from '../../../components/ui/focus.ts';
import type { DealsView } from '../hooks/use-view-mode.ts';

const OPTIONS = [
  { view: 'table', label: 'Table', Icon: Table2 },
  { view: 'board', label: 'Board', Icon: SquareKanban },
] as const;

/** Table or Board, as a pair of toggle buttons. */
export function ViewSwitch({ view, onChange }: { view: DealsView; onChange: (view: DealsView) => void }) {
  return (
    <fieldset className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-xs">
      <legend className="sr-only">View</legend>
      {OPTIONS.map(({ view: option, label, Icon }) => (
        <button
          key={option}
          type="button"
          aria-pressed={view === option}
          onClick={() => onChange(option)}
          className={cn(
            'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors',
            view === option ? 'bg-indigo-600 text-white shadow-sm' : 'text-slate-600 hover:bg-slate-100',
            focusRing,
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </button>
      ))}
    </fieldset>
  );
}
