import type { TDealSort, TDealSortKey } from '@atempo/contracts';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { focusRing } from '../../../components/ui/focus.ts';

/** Columns whose first click sorts the biggest (or most recent) first. */
const DESCENDING_FIRST: readonly TDealSortKey[] = ['thematic_score', 'amount_requested', 'last_interaction'];

export function nextSort(current: TDealSort, key: TDealSortKey): TDealSort {
  if (current === key) return `-${key}`;
  if (current === `-${key}`) return key;
  return DESCENDING_FIRST.includes(key) ? `-${key}` : key;
}

/** A column header that sorts the list on the server. */
export function SortHeader({
  sortKey,
  sort,
  onSort,
  className,
  children,
}: {
  sortKey: TDealSortKey;
  sort: TDealSort;
  onSort: (sort: TDealSort) => void;
  className?: string;
  children: ReactNode;
}) {
  const direction = sort === sortKey ? 'ascending' : sort === `-${sortKey}` ? 'descending' : undefined;
  const Icon = direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" aria-sort={direction ?? 'none'} className={cn('px-2 py-2.5 font-medium', className)}>
      <button
        type="button"
        onClick={() => onSort(nextSort(sort, sortKey))}
        className={cn(
          'inline-flex items-center gap-1 rounded-sm tracking-wide whitespace-nowrap uppercase hover:text-slate-800',
          direction && 'text-slate-800',
          focusRing,
        )}
      >
        {children}
        <Icon aria-hidden="true" className={cn('size-3', !direction && 'text-slate-300')} />
      </button>
    </th>
  );
}
