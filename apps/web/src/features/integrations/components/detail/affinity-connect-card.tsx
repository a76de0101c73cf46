import type { TIntegrationCatalogueEntry } from '@atempo/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';
import { PasswordField } from '../../../../components/ui/password-field.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { failureText } from '../../../../lib/failure-text.ts';
import { formatDate } from '../../../../lib/format.ts';
import {
  affinityKeys,
  affinityStatusQuery,
  connectAffinity,
  disconnectAffinity,
  testAffinityKey,
} from '../../api/affinity-api.ts';
import { integrationKeys } from '../../api/catalogue-api.ts';
import { MissingSettings } from '../missing-settings.tsx';
import { TitledAlert } from './titled-alert.tsx';

export const AFFINITY_KEY_REQUIRED = 'Please enter your Affinity API key';

type Outcome = { tone: 'error' | 'success'; title: string; text: string };

/**
 * The Affinity CRM connect card (spec 03 §2, §4, §5): setup (an optional organisation name and the
 * API key, Test Connection and Connect, both disabled while the key is blank), testing, and
 * connected (Disconnect). Connecting or disconnecting refreshes the catalogue's card.
 */
export function AffinityConnectCard({ entry }: { entry: TIntegrationCatalogueEntry }) {
  const queryClient = useQueryClient();
  const status = useQuery(affinityStatusQuery());
  const [organizationName, setOrganizationName] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [keyTouched, setKeyTouched] = useState(false);
  const [testing, setTesting] = useState<'test' | 'connect' | 'disconnect' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const blank = apiKey.trim() === '';
  const connected = status.data?.connected === true;
  const refresh = () => queryClient.invalidateQueries({ queryKey: integrationKeys.all });

  async function test() {
    if (blank) return setKeyTouched(true);
    setTesting('test');
    setOutcome(null);
    try {
      const answer = await testAffinityKey(apiKey.trim());
      if (answer.success === false)
        setOutcome({
          tone: 'error',
          title: 'Connection test failed',
          text: answer.error ?? answer.message ?? 'Affinity refused the key',
        });
      else
        setOutcome({
          tone: 'success',
          title: 'Connection test succeeded',
          text: answer.message ?? 'Affinity accepted the key.',
        });
    } catch (failure) {
      setOutcome({ tone: 'error', title: 'Connection test failed', text: failureText(failure) });
    } finally {
      setTesting(null);
    }
  }

  async function connect(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blank) return setKeyTouched(true);
    setTesting('connect');
    setOutcome(null);
    try {
      const answer = await connectAffinity(apiKey.trim(), organizationName.trim());
      if (!answer.success) {
        setOutcome({
          tone: 'error',
          title: 'Connection failed',
          text: answer.error ?? answer.message ?? 'Affinity refused the connection',
        });
        return;
      }
      setApiKey('');
      setKeyTouched(false);
      await Promise.all([queryClient.invalidateQueries({ queryKey: affinityKeys.status }), refresh()]);
    } catch (failure) {
      setOutcome({ tone: 'error', title: 'Connection setup failed', text: failureText(failure) });
    } finally {
      setTesting(null);
    }
  }

  async function disconnect() {
    setTesting('disconnect');
    setOutcome(null);
    try {
      await disconnectAffinity();
      await Promise.all([queryClient.invalidateQueries({ queryKey: affinityKeys.status }), refresh()]);
    } catch (failure) {
      setOutcome({ tone: 'error', title: 'Disconnect failed', text: failureText(failure) });
    } finally {
      setTesting(null);
    }
  }

  return (
    <Card>
      <CardHeader
        title="Affinity CRM"
        actions={connected ? <Badge tone="success">Connected</Badge> : <Badge>Not connected</Badge>}
      />
      <CardBody className="space-y-4">
        {outcome && (
          <TitledAlert title={outcome.title} tone={outcome.tone}>
            {outcome.text}
          </TitledAlert>
        )}
        {status.isPending ? (
          <div className="flex justify-center py-4 text-indigo-600">
            <Spinner label="Checking the Affinity connection" />
          </div>
        ) : connected && status.data ? (
          <div className="space-y-3">
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              {status.data.organization_name && (
                <Fact label="Organisation" value={status.data.organization_name} />
              )}
              {status.data.api_version && <Fact label="API version" value={status.data.api_version} />}
              {status.data.connected_at && (
                <Fact label="Connected" value={formatDate(status.data.connected_at)} />
              )}
              <Fact
                label="Health"
                value={status.data.status === 'healthy' ? 'Healthy' : (status.data.status ?? 'Unknown')}
              />
            </dl>
            {status.data.is_stale && (
              <Alert tone="info">Affinity data has not been refreshed recently.</Alert>
            )}
            <Button variant="secondary" busy={testing === 'disconnect'} onClick={() => void disconnect()}>
              Disconnect
            </Button>
          </div>
        ) : !entry.configured ? (
          <MissingSettings settings={entry.missing_settings} />
        ) : (
          <form onSubmit={connect} className="max-w-xl space-y-4" aria-label="Connect Affinity">
            <TextField
              label="Organisation name (optional)"
              value={organizationName}
              onChange={(event) => setOrganizationName(event.target.value)}
              autoComplete="organization"
            />
            <PasswordField
              label="API key"
              value={apiKey}
              autoComplete="off"
              toggleLabels={{ show: 'Show API key', hide: 'Hide API key' }}
              onChange={(event) => {
                setApiKey(event.target.value);
                setKeyTouched(true);
              }}
              onBlur={() => setKeyTouched(true)}
              error={keyTouched && blank ? AFFINITY_KEY_REQUIRED : undefined}
              hint="Find it in Affinity under Settings › API."
            />
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                disabled={blank || testing !== null}
                busy={testing === 'test'}
                onClick={() => void test()}
              >
                {testing === 'test' ? 'Testing...' : 'Test Connection'}
              </Button>
              <Button type="submit" disabled={blank || testing !== null} busy={testing === 'connect'}>
                {testing === 'connect' ? 'Connecting...' : 'Connect'}
              </Button>
            </div>
          </form>
        )}
      </CardBody>
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}
