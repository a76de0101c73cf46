import type { TIntegrationCatalogueEntry } from '@atempo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';
import { api } from '../../../../lib/api.ts';
import { errorMessage } from '../../../../lib/api-error.ts';
import { integrationKeys } from '../../api/catalogue-api.ts';
import { disconnectProvider, oauthStatusQuery } from '../../api/oauth-api.ts';
import { connectFailureText } from '../../lib/connect-failure.ts';
import { startRedirectConnect } from '../../lib/redirect-connect.ts';
import { MissingSettings } from '../missing-settings.tsx';
import { TitledAlert } from './titled-alert.tsx';

type Problem = { title: string; text: string };

/**
 * The Gmail connection card (spec 03 §2, §4, §8): Connected, Not Connected or expired; Refresh
 * Status, Disconnect, and Connect Gmail Account (a full-page Google sign-in that returns through
 * /auth/gmail-callback).
 */
export function GmailConnectionCard({ entry }: { entry: TIntegrationCatalogueEntry }) {
  const queryClient = useQueryClient();
  const location = useLocation();
  const status = useQuery(oauthStatusQuery());
  const [problem, setProblem] = useState<Problem | null>(null);
  const [connecting, setConnecting] = useState(false);
  const google = status.data?.google;
  const connected = google?.connected ?? false;
  const expired = connected && google?.expired === true;

  const disconnect = useMutation({
    mutationFn: () => disconnectProvider('google'),
    onMutate: () => setProblem(null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
    onError: (failure) =>
      setProblem({
        title: 'Disconnect Failed',
        text: errorMessage(failure, 'Gmail could not be disconnected'),
      }),
  });

  async function connect() {
    setProblem(null);
    if (!api.hasSession()) {
      setProblem({ title: 'Not Authenticated', text: 'Please log in to connect Gmail' });
      return;
    }
    setConnecting(true);
    try {
      await startRedirectConnect('google', `${location.pathname}${location.search}`);
    } catch (failure) {
      setProblem({ title: 'Connection Failed', text: connectFailureText(failure) });
      setConnecting(false);
    }
  }

  return (
    <Card>
      <CardHeader
        title="Gmail connection"
        actions={connected ? <Badge tone="success">Connected</Badge> : <Badge>Not Connected</Badge>}
      />
      <CardBody className="space-y-4">
        {problem && <TitledAlert title={problem.title}>{problem.text}</TitledAlert>}
        {connected && google?.email && (
          <p className="text-sm text-slate-700">
            Signed in as <span className="font-semibold break-words text-slate-900">{google.email}</span>
          </p>
        )}
        {expired && (
          <p className="text-sm font-medium text-amber-800">Connection expired. Please reconnect.</p>
        )}
        {!entry.configured && !connected ? (
          <MissingSettings settings={entry.missing_settings} />
        ) : (
          <div className="flex flex-wrap gap-2">
            {(!connected || expired) && (
              <Button busy={connecting} onClick={() => void connect()}>
                Connect Gmail Account
              </Button>
            )}
            {connected && (
              <Button variant="secondary" busy={disconnect.isPending} onClick={() => disconnect.mutate()}>
                Disconnect
              </Button>
            )}
            <Button variant="ghost" onClick={() => void status.refetch()} busy={status.isFetching}>
              {!status.isFetching && <RefreshCw aria-hidden="true" className="size-4" />}
              Refresh Status
            </Button>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
