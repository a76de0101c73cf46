import { Spinner } from '../../../../components/ui/spinner.tsx';
import { TonePill } from '../../../../components/ui/tone-pill.tsx';
import { humanize } from '../../../../lib/humanize.ts';
import { runStatusTone } from '../../lib/status-tone.ts';

/** An ingestion run's status in its colour (spec 03 §4); a running one spins. */
export function RunStatusPill({ status, spinning = true }: { status: string; spinning?: boolean }) {
  return (
    <TonePill tone={runStatusTone(status)}>
      {status === 'running' && spinning && <Spinner size="sm" decorative className="size-3" />}
      {humanize(status)}
    </TonePill>
  );
}
