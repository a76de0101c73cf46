import type { TApiKey } from '@atempo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/format.ts';
import { apiKeyKeys, apiKeysQuery, deleteApiKey } from '../api/api-keys-api.ts';
import { CreateApiKeyDialog } from './create-api-key-dialog.tsx';

/** Your Profile: personal API keys for the REST API and MCP clients. */
export function ApiKeysCard() {
  const keys = useQuery(apiKeysQuery());
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TApiKey | null>(null);

  return (
    <Card>
      <CardHeader
        title="API keys"
        description="Personal keys for scripts and MCP clients such as Claude Desktop or Cursor. A key acts as you, in your organisation, with your role."
        actions={
          <Button size="sm" onClick={() => setCreating(true)}>
            Create API key
          </Button>
        }
      />
      <CardBody className="p-0">
        {keys.isPending && (
          <div className="flex justify-center px-6 py-6">
            <Spinner label="Loading API keys" />
          </div>
        )}
        {keys.isError && (
          <div className="px-6 py-5">
            <Alert>{errorMessage(keys.error, 'Could not load your API keys')}</Alert>
          </div>
        )}
        {keys.isSuccess && keys.data.api_keys.length === 0 && (
          <p className="px-6 py-5 text-sm text-slate-500">No API keys yet.</p>
        )}
        {keys.isSuccess && keys.data.api_keys.length > 0 && (
          <ul aria-label="API keys" className="divide-y divide-slate-100">
            {keys.data.api_keys.map((key) => (
              <ApiKeyRow key={key.id} apiKey={key} onDelete={() => setDeleting(key)} />
            ))}
          </ul>
        )}
      </CardBody>
      <CreateApiKeyDialog open={creating} onOpenChange={setCreating} />
      <DeleteApiKeyDialog apiKey={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}

function ApiKeyRow({ apiKey, onDelete }: { apiKey: TApiKey; onDelete: () => void }) {
  const expired = apiKey.expires_at !== null && Date.parse(apiKey.expires_at) <= Date.now();
  return (
    <li className="flex items-center gap-4 px-6 py-3.5">
      <KeyRound aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-medium text-slate-900">{apiKey.name}</span>
          <code className="font-mono text-xs text-slate-500">{apiKey.prefix}…</code>
        </p>
        <p className="mt-0.5 text-xs text-slate-500">
          Created {formatDate(apiKey.created_at)} · Last used{' '}
          {apiKey.last_used_at ? formatDate(apiKey.last_used_at) : 'never'} ·{' '}
          {apiKey.expires_at === null ? (
            'Never expires'
          ) : expired ? (
            <span className="font-medium text-red-700">Expired {formatDate(apiKey.expires_at)}</span>
          ) : (
            `Expires ${formatDate(apiKey.expires_at)}`
          )}
        </p>
      </div>
      <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete API key ${apiKey.name}`}>
        Delete
      </Button>
    </li>
  );
}

function DeleteApiKeyDialog({ apiKey, onClose }: { apiKey: TApiKey | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: deleteApiKey,
    onSuccess: async () => {
      toast.success('API key deleted');
      onClose();
      await queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not delete the API key')),
  });
  return (
    <ConfirmDialog
      open={apiKey !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete API key?"
      description={
        apiKey && (
          <>
            Anything using <strong>{apiKey.name}</strong> ({apiKey.prefix}…) stops working at once. This
            cannot be undone.
          </>
        )
      }
      confirmLabel="Delete key"
      busy={remove.isPending}
      onConfirm={() => apiKey && remove.mutate(apiKey.id)}
    />
  );
}
