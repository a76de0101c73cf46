import type { TIntelligenceSource, TSourceFetchRun } from '@atempo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { deleteSource, fetchSourceNow, sourceKeys, updateSource } from '../api/sources-api.ts';
import { describeRun, RunStatus } from './run-status.tsx';

interface TestResult {
  name: string;
  run: TSourceFetchRun;
}

const headerCell = 'px-4 py-3 font-medium first:pl-6 last:pr-6';
const cell = 'px-4 py-3 align-top first:pl-6 last:pr-6';

export function SourcesTable({ sources }: { sources: TIntelligenceSource[] }) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<TIntelligenceSource | null>(null);
  const [result, setResult] = useState<TestResult | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: sourceKeys.all });

  const toggle = useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => updateSource(id, { enabled }),
    onSuccess: async (source) => {
      await refresh();
      toast.success(source.enabled ? `${source.name} is on` : `${source.name} is off`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not change the feed')),
  });

  const testFetch = useMutation({
    mutationFn: (source: TIntelligenceSource) => fetchSourceNow(source.id),
    onSuccess: async (answer) => {
      setResult({ name: answer.source.name, run: answer.run });
      await refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not fetch the feed')),
  });

  const remove = useMutation({
    mutationFn: (source: TIntelligenceSource) => deleteSource(source.id),
    onSuccess: async (_answer, source) => {
      setRemoving(null);
      if (result?.name === source.name) setResult(null);
      await refresh();
      toast.success(`${source.name} was removed`);
    },
    onError: (error) => {
      setRemoving(null);
      toast.error(errorMessage(error, 'Could not remove the feed'));
    },
  });

  const enabledCount = sources.filter((source) => source.enabled).length;

  return (
    <Card>
      <CardHeader
        title="Your feeds"
        description={
          sources.length === 0
            ? 'No feeds yet.'
            : `${sources.length} ${sources.length === 1 ? 'feed' : 'feeds'}, ${enabledCount} fetched every 30 minutes.`
        }
      />
      {result && (
        <div className="px-6 pt-4">
          <Alert tone={result.run.status === 'error' ? 'error' : 'success'}>
            <p className="font-medium">Test fetch</p>
            <p>{describeRun(result.name, result.run)}</p>
          </Alert>
        </div>
      )}
      {sources.length === 0 ? (
        <CardBody>
          <p className="text-sm text-slate-500">
            Add a feed above, or add one of the suggested feeds below. Funding announcements found in them
            appear under Market Intelligence.
          </p>
        </CardBody>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-100 text-xs font-medium tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className={headerCell}>
                  Feed
                </th>
                <th scope="col" className={headerCell}>
                  Enabled
                </th>
                <th scope="col" className={headerCell}>
                  Last run
                </th>
                <th scope="col" className={`${headerCell} text-right`}>
                  Items
                </th>
                <th scope="col" className={`${headerCell} text-right`}>
                  Announcements
                </th>
                <th scope="col" className={headerCell}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {sources.map((source) => (
                <tr key={source.id} className="hover:bg-slate-50/60">
                  <td className={cell}>
                    <div className="flex items-center gap-2">
                      <span className="font-medium text-slate-900">{source.name}</span>
                      {source.curated && <Badge tone="accent">Suggested</Badge>}
                    </div>
                    <p className="mt-0.5 max-w-xs truncate text-xs text-slate-500" title={source.url}>
                      {source.url}
                    </p>
                  </td>
                  <td className={cell}>
                    <Switch
                      label={`Enabled: ${source.name}`}
                      checked={source.enabled}
                      disabled={toggle.isPending}
                      onCheckedChange={(enabled) => toggle.mutate({ id: source.id, enabled })}
                    />
                  </td>
                  <td className={cell}>
                    <RunStatus source={source} />
                  </td>
                  <td className={`${cell} text-right tabular-nums`}>{source.items_found}</td>
                  <td className={`${cell} text-right tabular-nums`}>{source.announcements_found}</td>
                  <td className={`${cell} text-right`}>
                    <div className="flex justify-end gap-1">
                      <Button
                        variant="secondary"
                        size="sm"
                        busy={testFetch.isPending && testFetch.variables?.id === source.id}
                        disabled={testFetch.isPending}
                        aria-label={`Test fetch ${source.name}`}
                        onClick={() => testFetch.mutate(source)}
                      >
                        <RefreshCw aria-hidden="true" className="size-3.5" />
                        Test fetch
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Remove ${source.name}`}
                        className="text-slate-500 hover:text-red-600"
                        onClick={() => setRemoving(source)}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={`Remove ${removing?.name ?? ''}?`}
        description="It will no longer be fetched. Funding announcements already found in it stay."
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => {
          if (removing) remove.mutate(removing);
        }}
      />
    </Card>
  );
}
