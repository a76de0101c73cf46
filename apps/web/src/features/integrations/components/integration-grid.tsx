import type { TIntegrationCatalogueEntry } from '@atempo/contracts';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { connectFailureText } from '../lib/connect-failure.ts';
import { startRedirectConnect } from '../lib/redirect-connect.ts';
import { detailViewPath } from '../lib/views.ts';
import { IntegrationCard } from './integration-card.tsx';

/**
 * The catalogue's cards. Reconnect runs the provider's full-page connect flow (spec 03 §4) and
 * comes back here; Affinity, which takes an API key, opens its card instead.
 */
export function IntegrationGrid({ entries }: { entries: readonly TIntegrationCatalogueEntry[] }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [reconnecting, setReconnecting] = useState<string | null>(null);

  async function reconnect(entry: TIntegrationCatalogueEntry) {
    if (entry.provider === 'affinity' || entry.provider === null) {
      navigate(detailViewPath(entry.id));
      return;
    }
    setReconnecting(entry.id);
    try {
      await startRedirectConnect(entry.provider, `${location.pathname}${location.search}`);
    } catch (failure) {
      toast.error(connectFailureText(failure));
      setReconnecting(null);
    }
  }

  return (
    <section aria-labelledby="integration-catalogue">
      <h2 id="integration-catalogue" className="sr-only">
        Available integrations
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {entries.map((entry) => (
          <IntegrationCard
            key={entry.id}
            entry={entry}
            onReconnect={reconnect}
            reconnecting={reconnecting === entry.id}
          />
        ))}
      </div>
    </section>
  );
}
