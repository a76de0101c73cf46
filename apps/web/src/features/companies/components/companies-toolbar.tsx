import type { TCompanySort, TMonitoringPriority } from '@atempo/contracts';
import { Search } from 'lucide-react';
import { cn } from '../../../components/ui/cn.ts';
import { inputClasses } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select-field.tsx';

export const SORT_OPTIONS: { value: TCompanySort; label: string }[] = [
  { value: '-thematic_score', label: 'Score (highest first)' },
  { value: 'name', label: 'Name (A–Z)' },
  { value: '-created_at', label: 'Newest first' },
  { value: '-revenue', label: 'Revenue (highest first)' },
  { value: '-revenue_growth', label: 'Growth (highest first)' },
];

export interface CompaniesToolbarProps {
  search: string;
  onSearchChange: (search: string) => void;
  priority: TMonitoringPriority | '';
  onPriorityChange: (priority: TMonitoringPriority | '') => void;
  sort: TCompanySort;
  onSortChange: (sort: TCompanySort) => void;
}

export function CompaniesToolbar({
  search,
  onSearchChange,
  priority,
  onPriorityChange,
  sort,
  onSortChange,
}: CompaniesToolbarProps) {
  return (
    <div className="flex flex-col gap-3 border-b border-slate-100 px-4 py-3 sm:flex-row sm:items-center">
      <div className="relative flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          type="search"
          aria-label="Search companies"
          placeholder="Search companies by name..."
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          className={cn(inputClasses, 'pl-9')}
        />
      </div>
      <Select
        aria-label="Priority"
        className="sm:w-44"
        value={priority}
        onChange={(event) => onPriorityChange(event.target.value as TMonitoringPriority | '')}
      >
        <option value="">All priorities</option>
        <option value="high">High priority</option>
        <option value="medium">Medium priority</option>
        <option value="low">Low priority</option>
      </Select>
      <Select
        aria-label="Sort by"
        className="sm:w-52"
        value={sort}
        onChange={(event) => onSortChange(event.target.value as TCompanySort)}
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
