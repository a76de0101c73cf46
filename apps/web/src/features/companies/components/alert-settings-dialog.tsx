import { SIGNAL_TYPES, type TSignalType, type TWatchlistEntry } from '@atempo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { updateWatchlistEntry, watchlistKey, watchlistQuery } from '../api/watchlist-api.ts';

export const SIGNAL_TYPE_LABELS: Record<TSignalType, string> = {
  funding_round: 'Funding rounds',
  ipo_signal: 'IPO signals',
  competitive_threat: 'Competitive threats',
  market_opportunity: 'Market opportunities',
  other: 'Other signals',
};

const CHANNELS = [
  ['in_app', 'In the app (notifications menu)'],
  ['email', 'Email (batched)'],
  ['slack', 'Slack (the organisation’s channel)'],
] as const;

function AlertSettingsForm({ entry, onDone }: { entry: TWatchlistEntry; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [threshold, setThreshold] = useState(String(Math.round(entry.alert_threshold * 100)));
  const [types, setTypes] = useState<TSignalType[]>(entry.signal_types);
  const [channels, setChannels] = useState(entry.notification_preferences);
  const percent = Number(threshold);
  const invalid = threshold.trim() === '' || !Number.isFinite(percent) || percent < 0 || percent > 100;
  const save = useMutation({
    mutationFn: () =>
      updateWatchlistEntry(entry.id, {
        alert_threshold: Math.round(percent) / 100,
        signal_types: SIGNAL_TYPES.filter((type) => types.includes(type)),
        notification_preferences: channels,
      }),
    onSuccess: async () => {
      toast.success(`Alert settings saved for ${entry.company_name}`);
      await queryClient.invalidateQueries({ queryKey: watchlistKey });
      onDone();
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not save the alert settings')),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!invalid) save.mutate();
  }

  return (
    <form aria-label="Alert settings" onSubmit={submit} className="space-y-5 px-6 py-5">
      <TextField
        label="Alert threshold (%)"
        hint="A signal alerts when its relevance to your thesis reaches this."
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={1}
        value={threshold}
        onChange={(event) => setThreshold(event.target.value)}
        error={invalid ? 'Enter a number from 0 to 100' : undefined}
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Signal types</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {SIGNAL_TYPES.map((type) => (
            <Checkbox
              key={type}
              label={SIGNAL_TYPE_LABELS[type]}
              checked={types.includes(type)}
              onChange={(event) =>
                setTypes((current) =>
                  event.target.checked ? [...current, type] : current.filter((item) => item !== type),
                )
              }
            />
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Notify me</legend>
        <div className="mt-2 grid gap-2">
          {CHANNELS.map(([key, label]) => (
            <Checkbox
              key={key}
              label={label}
              checked={channels[key]}
              onChange={(event) => setChannels((current) => ({ ...current, [key]: event.target.checked }))}
            />
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={invalid || save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}

/** The alert settings of a watched company: threshold, signal types and channels. */
export function AlertSettingsButton({ entryId, companyName }: { entryId: string; companyName: string }) {
  const [open, setOpen] = useState(false);
  const watchlist = useQuery({ ...watchlistQuery(), enabled: open });
  const entry = watchlist.data?.watchlist.find((item) => item.id === entryId);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <BellRing aria-hidden="true" className="size-4" />
        Alert settings
      </Button>
      <ModalDialog
        open={open}
        onOpenChange={setOpen}
        title={`Alerts for ${companyName}`}
        description="Which signals about this company alert you, and how."
      >
        {entry ? (
          <AlertSettingsForm entry={entry} onDone={() => setOpen(false)} />
        ) : (
          <p className="px-6 py-5 text-sm text-slate-500">
            {watchlist.isError ? 'Could not load the alert settings' : 'Loading…'}
          </p>
        )}
      </ModalDialog>
    </>
  );
}
