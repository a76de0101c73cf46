import { Check, Lock } from 'lucide-react';
import { Link, matchPath, useLocation } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { cn } from '../../components/ui/cn.ts';
import { focusRing } from '../../components/ui/focus.ts';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import type { NavItemConfig } from './nav-items.ts';

/**
 * What the onboarding guide says about an item (spec 01 §2): locked until its required steps are
 * done, the recommended next step, or done. Items without guidance are 'available'.
 */
export type NavItemGuide =
  | { state: 'available' }
  | { state: 'locked'; requiredSteps: string[] }
  | { state: 'next' }
  | { state: 'done' };

/** 'A', 'A and B', 'A, B and C'. */
export function listSteps(steps: string[]): string {
  if (steps.length <= 1) return steps[0] ?? '';
  return `${steps.slice(0, -1).join(', ')} and ${steps.at(-1)}`;
}

export function lockedTooltip(requiredSteps: string[]): string {
  return `Complete ${listSteps(requiredSteps)} first`;
}

export const NEXT_STEP_TOOLTIP = 'Recommended next step';

const base = 'group flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors';

export function NavItem({
  item,
  guide = { state: 'available' },
  onNavigate,
}: {
  item: NavItemConfig;
  guide?: NavItemGuide;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const active = item.match.some((pattern) => matchPath(pattern, pathname) !== null);
  const Icon = item.icon;

  if (guide.state === 'locked') {
    return (
      <Tooltip content={lockedTooltip(guide.requiredSteps)}>
        {/* aria-disabled rather than disabled: it stays focusable, so keyboard users can read why. */}
        <button
          type="button"
          aria-disabled="true"
          className={cn(base, focusRing, 'w-full cursor-not-allowed text-left text-slate-400')}
        >
          <Icon aria-hidden="true" className="size-[1.125rem] shrink-0" />
          <span className="flex-1 truncate">{item.label}</span>
          <Lock aria-hidden="true" className="size-3.5" />
          <span className="sr-only">(locked)</span>
        </button>
      </Tooltip>
    );
  }

  const link = (
    <Link
      to={item.to}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      className={cn(
        base,
        focusRing,
        active ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn(
          'size-[1.125rem] shrink-0',
          active ? 'text-indigo-600' : 'text-slate-400 group-hover:text-slate-500',
        )}
      />
      <span className="flex-1 truncate">{item.label}</span>
      {guide.state === 'next' && <Badge tone="accent">Next</Badge>}
      {guide.state === 'done' && (
        <>
          <Check aria-hidden="true" className="size-4 text-emerald-600" />
          <span className="sr-only">(done)</span>
        </>
      )}
    </Link>
  );

  return guide.state === 'next' ? <Tooltip content={NEXT_STEP_TOOLTIP}>{link}</Tooltip> : link;
}
