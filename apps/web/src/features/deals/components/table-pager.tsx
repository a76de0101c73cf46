import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

/** "Showing 51–100 of 230 deals" with Previous and Next. */
export function TablePager({
  offset,
  shown,
  total,
  pageSize,
  onOffsetChange,
}: {
  offset: number;
  shown: number;
  total: number;
  pageSize: number;
  onOffsetChange: (offset: number) => void;
}) {
  const first = shown === 0 ? 0 : offset + 1;
  const last = offset + shown;
  return (
    <div className="flex items-center justify-between gap-4 border-t border-slate-100 px-5 py-3 text-sm text-slate-500">
      <p>
        {total <= pageSize
          ? `${total} ${total === 1 ? 'deal' : 'deals'}`
          : `Showing ${first}–${last} of ${total} deals`}
      </p>
      {total > pageSize && (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={offset === 0}
            onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            Previous
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={last >= total}
            onClick={() => onOffsetChange(offset + pageSize)}
          >
            Next
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
      )}
    </div>
  );
}
