import type { TConfidenceLevel, TMonitoringPriority } from '@atempo/contracts';
import { TrendingUp } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Pill } from './pill.tsx';

const priorityClasses: Record<TMonitoringPriority, string> = {
  high: 'bg-emerald-100 text-emerald-800 ring-emerald-300',
  medium: 'bg-amber-50 text-amber-800 ring-amber-200',
  low: 'bg-slate-100 text-slate-600 ring-slate-200',
};

const levelLabels = { high: 'High', medium: 'Medium', low: 'Low' } as const;

/** Monitoring priority; '—' until scored. */
export function PriorityBadge({ priority }: { priority: TMonitoringPriority | null }) {
  if (!priority) return <span className="text-slate-400">—</span>;
  return <Pill colors={priorityClasses[priority]}>{levelLabels[priority]}</Pill>;
}

const confidenceDots: Record<TConfidenceLevel, string> = {
  high: 'bg-emerald-500',
  medium: 'bg-amber-400',
  low: 'bg-slate-400',
};

/** How far the company's data can be trusted: high, medium or low. */
export function ConfidenceLevel({ level }: { level: TConfidenceLevel }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-slate-700">
      <span aria-hidden="true" className={cn('size-2 rounded-full', confidenceDots[level])} />
      {levelLabels[level]}
    </span>
  );
}

export function HighGrowthBadge() {
  return (
    <Badge tone="success" className="gap-1 whitespace-nowrap">
      <TrendingUp aria-hidden="true" className="size-3" />
      High Growth
    </Badge>
  );
}
