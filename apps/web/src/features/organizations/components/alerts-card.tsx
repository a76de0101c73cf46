import { slackWebhookUrlShapeProblem, type TAlertSettings } from '@atempo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { QueryState } from '../../../components/query-state.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/format.ts';
import {
  alertSettingsQuery,
  organizationKeys,
  saveSlackWebhook,
  sendSlackTestMessage,
} from '../api/organizations-api.ts';

/**
 * The organisation's Slack channel for watchlist alerts (admins; the page is admin-only). The URL
 * is a secret: once saved, only the server's hint of it is shown.
 */
export function AlertsCard() {
  const settings = useQuery(alertSettingsQuery());
  const connected = settings.data?.slack_configured ?? false;
  return (
    <Card>
      <CardHeader
        title="Alerts"
        description="Watchlist alerts reach members in the app and by email; Slack posts them to one channel of your organisation."
        actions={
          settings.data && (
            <Badge tone={connected ? 'success' : 'neutral'}>
              {connected ? 'Slack connected' : 'Slack not set up'}
            </Badge>
          )
        }
      />
      <CardBody>
        <QueryState query={settings} what="the alert settings">
          {(data) => <SlackWebhookSettings settings={data} />}
        </QueryState>
      </CardBody>
    </Card>
  );
}

function SlackWebhookSettings({ settings }: { settings: TAlertSettings }) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const save = useMutation({
    mutationFn: saveSlackWebhook,
    onSuccess: (saved, sent) => {
      queryClient.setQueryData(organizationKeys.alertSettings, saved);
      setUrl('');
      setConfirmRemove(false);
      toast.success(sent === null ? 'Slack webhook removed' : 'Slack webhook saved');
    },
    // A failed save shows in the form; a failed removal, from the dialog, as a toast.
    onError: (error, sent) => {
      if (sent === null) toast.error(errorMessage(error, 'Could not remove the Slack webhook'));
    },
  });
  const test = useMutation({
    mutationFn: sendSlackTestMessage,
    onSuccess: () => toast.success('Test message sent to Slack'),
    onError: (error) => toast.error(errorMessage(error, 'Could not send the test message')),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = url.trim();
    const shape = slackWebhookUrlShapeProblem(trimmed);
    setProblem(shape && `The webhook URL ${shape}`);
    if (!shape) save.mutate(trimmed);
  }

  return (
    <div className="space-y-5">
      {settings.slack_configured && settings.slack_webhook_hint && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-700">Saved webhook</p>
            <p className="mt-0.5 truncate font-mono text-sm text-slate-900">{settings.slack_webhook_hint}</p>
            {settings.updated_at && (
              <p className="mt-0.5 text-xs text-slate-500">Saved {formatDate(settings.updated_at)}</p>
            )}
          </div>
          <div className="flex items-center gap-2">
            <Button variant="secondary" size="sm" busy={test.isPending} onClick={() => test.mutate()}>
              <Send aria-hidden="true" className="size-3.5" />
              {test.isPending ? 'Sending...' : 'Send test message'}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirmRemove(true)}>
              Remove
            </Button>
          </div>
        </div>
      )}
      <form onSubmit={submit} noValidate aria-label="Slack webhook" className="space-y-4">
        {save.isError && save.variables !== null && (
          <Alert>{errorMessage(save.error, 'Could not save the Slack webhook')}</Alert>
        )}
        <TextField
          label={settings.slack_configured ? 'New Slack incoming-webhook URL' : 'Slack incoming-webhook URL'}
          hint="In Slack, add an incoming webhook for the channel and paste its https URL. It is kept secret: only its start and end are shown again."
          name="slack_webhook_url"
          type="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://hooks.slack.com/services/…"
          value={url}
          error={problem}
          onChange={(event) => {
            setUrl(event.target.value);
            setProblem(null);
          }}
        />
        <div className="flex justify-end">
          <Button type="submit" busy={save.isPending} disabled={url.trim() === ''}>
            {save.isPending ? 'Saving...' : 'Save webhook'}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title="Remove the Slack webhook?"
        description="Alerts will no longer be posted to Slack until a webhook URL is saved again."
        confirmLabel="Remove webhook"
        busy={save.isPending}
        onConfirm={() => save.mutate(null)}
      />
    </div>
  );
}
