import type { TIntegrationCatalogueEntry } from '@atempo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';
import { boxAuthorisationUrl } from '../../api/box-api.ts';
import { integrationKeys } from '../../api/catalogue-api.ts';
import { OAuthPopupError, oauthPopup, readOAuthMessage } from '../../lib/oauth-popup.ts';
import { trustedMessageOrigins } from '../../lib/trusted-origins.ts';
import { MissingSettings } from '../missing-settings.tsx';
import { InfoPanel } from './info-panel.tsx';

const CAPABILITIES = [
  'Browse and sync folders',
  'Process pitch decks and documents',
  'Search files',
  'Auto-extract company info',
];

/**
 * Box (spec 03 §2): what it does, and 'Connect Box Account', which opens Box's authorisation
 * (GET /box/auth/url) in a new tab. The tab is followed by the popup service: the page Box returns
 * to posts 'oauth-success' or 'oauth-error' back, and closing the tab ends the wait.
 */
export function BoxDetail({ entry }: { entry: TIntegrationCatalogueEntry }) {
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);

  async function connect() {
    setError(null);
    setWaiting(true);
    try {
      const [url, origins] = await Promise.all([boxAuthorisationUrl(), trustedMessageOrigins()]);
      await oauthPopup.open({
        url,
        name: '_blank',
        features: '',
        allowedOrigins: origins,
        read: readOAuthMessage,
      });
      setConnected(true);
    } catch (failure) {
      if (!(failure instanceof OAuthPopupError && failure.reason === 'cancelled'))
        setError(failure instanceof Error ? failure.message : 'OAuth failed');
    } finally {
      setWaiting(false);
      void queryClient.invalidateQueries({ queryKey: integrationKeys.all });
    }
  }

  return (
    <div className="space-y-6">
      <InfoPanel title="What Box brings" items={CAPABILITIES} />
      <Card>
        <CardHeader
          title="Box account"
          description={entry.status === 'connected' || connected ? 'Connected' : 'Not connected'}
        />
        <CardBody className="space-y-3">
          {error && <Alert>{error}</Alert>}
          {connected && <Alert tone="success">Box is connected.</Alert>}
          {entry.configured ? (
            <Button onClick={() => void connect()} busy={waiting}>
              <ExternalLink aria-hidden="true" className="size-4" />
              Connect Box Account
            </Button>
          ) : (
            <MissingSettings settings={entry.missing_settings} />
          )}
          {waiting && (
            <p className="text-sm text-slate-500">Finish connecting in the Box tab, then come back here.</p>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
