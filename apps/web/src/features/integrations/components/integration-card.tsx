import type { TIntegrationCatalogueEntry } from '@atempo/contracts';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { integrationIcon } from '../lib/integration-icons.ts';
import { detailViewPath, isDetailView } from '../lib/views.ts';
import { MissingSettings } from './missing-settings.tsx';

export const NEEDS_RECONNECT_FALLBACK = 'This connection needs you to sign in again.';

/** A connection the server reports as broken (expired, revoked, failing): it offers Reconnect. */
export function needsReconnect(entry: TIntegrationCatalogueEntry): boolean {
  return entry.connection_status === 'needs_reconnect' || entry.connection_status === 'error';
}

/**
 * One card of the grid (spec 03 §2). Coming-soon cards are dimmed and lead nowhere; the others that
 * have a detail view open it (the whole card is the link's target); a provider this server lacks
 * the settings for says so; a broken connection offers Reconnect.
 */
export function IntegrationCard({
  entry,
  onReconnect,
  reconnecting = false,
}: {
  entry: TIntegrationCatalogueEntry;
  onReconnect: (entry: TIntegrationCatalogueEntry) => void;
  reconnecting?: boolean;
}) {
  const Icon = integrationIcon(entry.icon);
  const comingSoon = entry.status === 'coming_soon';
  const opensDetail = !comingSoon && isDetailView(entry.id);
  const broken = !comingSoon && needsReconnect(entry);
  return (
    <article
      aria-labelledby={`integration-${entry.id}`}
      aria-disabled={comingSoon || undefined}
      data-integration={entry.id}
      className={cn(
        'relative flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-xs transition-colors',
        comingSoon && 'opacity-60',
        opensDetail && 'hover:border-indigo-300 focus-within:ring-2 focus-within:ring-indigo-500',
      )}
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={`integration-${entry.id}`} className="text-sm font-semibold text-slate-900">
            {opensDetail ? (
              <Link
                to={detailViewPath(entry.id)}
                className="after:absolute after:inset-0 after:rounded-xl focus:outline-none"
              >
                {entry.name}
              </Link>
            ) : (
              entry.name
            )}
          </h3>
          <div className="mt-1 flex flex-wrap gap-1.5">
            {entry.status === 'connected' && !broken && <Badge tone="success">Connected</Badge>}
            {comingSoon && <Badge>Coming soon</Badge>}
            {broken && <Badge tone="warning">Needs reconnect</Badge>}
            {entry.popular && !comingSoon && <Badge tone="accent">Popular</Badge>}
          </div>
        </div>
      </div>
      <p className="mt-3 text-sm text-slate-600">{entry.description}</p>
      {!entry.configured && !comingSoon && (
        <MissingSettings settings={entry.missing_settings} className="mt-3" />
      )}
      {broken && (
        <div className="relative z-10 mt-3 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p className="min-w-0 flex-1">{entry.connection_reason ?? NEEDS_RECONNECT_FALLBACK}</p>
          <Button
            size="sm"
            variant="secondary"
            busy={reconnecting}
            onClick={() => onReconnect(entry)}
            aria-label={`Reconnect ${entry.name}`}
          >
            Reconnect
          </Button>
        </div>
      )}
    </article>
  );
}
