import type { TPagination } from '@atempo/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { pageWindow } from '../lib/funding-signal.ts';

/** Previous, up to 7 page buttons in a sliding window, Next, and 'Page X of Y (N total)'. */
export function SignalsPagination({
  pagination,
  onPage,
  label = 'Funding signals pages',
}: {
  pagination: TPagination;
  onPage: (page: number) => void;
  /** What the navigation is called for assistive technology. */
  label?: string;
}) {
  const { current_page: current, total_pages: total, total_count: count } = pagination;
  if (total <= 0) return null;
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-6 py-3"
    >
      <p className="text-sm text-slate-500">
        Page {current} of {total} ({count} total)
      </p>
      <div className="flex items-center gap-1">
        <Button
          variant="secondary"
          size="sm"
          disabled={!pagination.has_previous}
          onClick={() => onPage(current - 1)}
        >
          Previous
        </Button>
        {pageWindow(current, total).map((page) => (
          <button
            key={page}
            type="button"
            aria-label={`Page ${page}`}
            aria-current={page === current ? 'page' : undefined}
            onClick={() => onPage(page)}
            className={cn(
              'min-w-8 rounded-md px-2 py-1 text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-indigo-500',
              page === current
                ? 'bg-indigo-600 font-semibold text-white'
                : 'text-slate-600 hover:bg-slate-100',
            )}
          >
            {page}
          </button>
        ))}
        <Button
          variant="secondary"
          size="sm"
          disabled={!pagination.has_next}
          onClick={() => onPage(current + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
