import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';
import { Checkbox } from '../../../../components/ui/checkbox.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { failureText } from '../../../../lib/failure-text.ts';
import { syncDocuments } from '../../api/sharepoint-automation-api.ts';
import type { MicrosoftAccount } from '../../hooks/use-microsoft-account.ts';
import { MAX_DOCUMENTS_INITIAL, maxDocumentsFrom } from '../../lib/max-documents.ts';
import { AUTHENTICATE_FIRST_MESSAGE } from '../detail/not-authenticated.tsx';
import { SyncResults } from './sync-results.tsx';

/**
 * Basic Sync, the unified document sync card (spec 03 §2, §5, §9): smart chunking on by default,
 * Max documents (starts at 2; 1 to 100, anything else means 20), 'Sync All Documents'.
 */
export function SyncCard({ account }: { account: MicrosoftAccount }) {
  const [useChunking, setUseChunking] = useState(true);
  const [maxDocuments, setMaxDocuments] = useState(MAX_DOCUMENTS_INITIAL);
  const [notConnected, setNotConnected] = useState(false);
  const sync = useMutation({
    mutationFn: () =>
      syncDocuments({
        sessionId: account.sessionId,
        useChunking,
        maxDocuments: maxDocumentsFrom(maxDocuments),
      }),
  });

  function start() {
    setNotConnected(!account.connected);
    if (account.connected) sync.mutate();
  }

  return (
    <Card>
      <CardHeader
        as="h3"
        title="Basic Sync"
        description="Copies your Microsoft 365 documents into Atempo and extracts their terms."
      />
      <CardBody className="space-y-4">
        <div className="flex flex-wrap items-end gap-x-6 gap-y-4">
          <Checkbox
            label="Enable smart chunking"
            checked={useChunking}
            onChange={(event) => setUseChunking(event.target.checked)}
            className="pb-2.5"
          />
          <TextField
            label="Max documents"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            value={maxDocuments}
            onChange={(event) => setMaxDocuments(event.target.value)}
            hint="1 to 100; empty or invalid means 20"
            fieldClassName="w-48"
          />
          <Button onClick={start} busy={sync.isPending}>
            {sync.isPending ? 'Syncing...' : 'Sync All Documents'}
          </Button>
        </div>
        {notConnected && <Alert>{AUTHENTICATE_FIRST_MESSAGE}</Alert>}
        {sync.isError && <Alert>{`Sync failed: ${failureText(sync.error)}`}</Alert>}
        {sync.data && <SyncResults result={sync.data} />}
      </CardBody>
    </Card>
  );
}
