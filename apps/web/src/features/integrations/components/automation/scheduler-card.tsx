import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Play, RefreshCw, Square } from 'lucide-react';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { TonePill } from '../../../../components/ui/tone-pill.tsx';
import { errorMessage } from '../../../../lib/api-error.ts';
import { automationKeys, schedulerQuery, setScheduler } from '../../api/sharepoint-automation-api.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { IngestionSummary } from './ingestion-summary.tsx';

/** Automated Scheduling: Running or Stopped, the last and next run, Start, Stop (admin) and Refresh. */
export function SchedulerCard({ isAdmin }: { isAdmin: boolean }) {
  const queryClient = useQueryClient();
  const scheduler = useQuery(schedulerQuery());
  const toggle = useMutation({
    mutationFn: setScheduler,
    onSuccess: (status) => queryClient.setQueryData(automationKeys.scheduler, status),
  });
  const running = scheduler.data?.is_running ?? false;
  return (
    <Card>
      <CardHeader
        as="h3"
        title="Automated Scheduling"
        actions={
          scheduler.data && (
            <TonePill tone={running ? 'green' : 'neutral'}>{running ? 'Running' : 'Stopped'}</TonePill>
          )
        }
      />
      <CardBody className="space-y-4 text-sm">
        {scheduler.isPending ? (
          <div className="flex justify-center py-4 text-indigo-600">
            <Spinner label="Loading the scheduler" />
          </div>
        ) : scheduler.isError ? (
          <Alert>{errorMessage(scheduler.error, 'Could not load the scheduler')}</Alert>
        ) : (
          <>
            <p className="text-slate-600">
              Runs an incremental ingestion every {scheduler.data.interval_hours} hours.
            </p>
            <dl className="grid grid-cols-2 gap-3">
              <div>
                <dt className="text-slate-500">Last run</dt>
                <dd className="font-medium text-slate-900">
                  {scheduler.data.last_run_at ? formatDateTime(scheduler.data.last_run_at) : 'Never'}
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">Next run</dt>
                <dd className="font-medium text-slate-900">
                  {scheduler.data.next_run_at ? formatDateTime(scheduler.data.next_run_at) : 'Not scheduled'}
                </dd>
              </div>
            </dl>
            {scheduler.data.last_result && (
              <IngestionSummary run={scheduler.data.last_result} label="Last result" />
            )}
          </>
        )}
        {toggle.isError && <Alert>{errorMessage(toggle.error, 'The scheduler could not be changed')}</Alert>}
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={!isAdmin || running || !scheduler.data}
            busy={toggle.isPending && toggle.variables === 'start'}
            onClick={() => toggle.mutate('start')}
          >
            <Play aria-hidden="true" className="size-4" />
            Start
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={!isAdmin || !running}
            busy={toggle.isPending && toggle.variables === 'stop'}
            onClick={() => toggle.mutate('stop')}
          >
            <Square aria-hidden="true" className="size-4" />
            Stop
          </Button>
          <Button
            size="sm"
            variant="ghost"
            busy={scheduler.isFetching}
            onClick={() => void scheduler.refetch()}
          >
            {!scheduler.isFetching && <RefreshCw aria-hidden="true" className="size-4" />}
            Refresh
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
