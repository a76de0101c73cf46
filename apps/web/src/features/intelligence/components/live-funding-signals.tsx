import { Radar } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { FUNDING_DAYS, useFundingAnnouncements } from '../api/funding-api.ts';
import { FundingPeriodPicker, type FundingPeriodState } from './funding-period-picker.tsx';
import { FundingSignalCard } from './funding-signal-card.tsx';
import { ImportRoundsButton } from './import-rounds-button.tsx';
import { SignalsPagination } from './signals-pagination.tsx';

export const EMPTY_SIGNALS_TEXT = 'No funding signals yet. Run a research query to discover opportunities!';

/** What failed, then why when the server said ("Failed to start research: {detail}" is the spec's form). */
const loadFailedMessage = (reason: string) =>
  reason ? `Failed to load funding signals: ${reason}` : 'Failed to load funding signals';

/** The paged Live Funding Signals list (spec 02 §2), newest round first. */
export function LiveFundingSignals({ period }: { period: FundingPeriodState }) {
  const [page, setPage] = useState(1);
  // a new period starts at its first page
  const periodKey = `${period.applied?.from ?? ''}|${period.applied?.to ?? ''}`;
  const [pagedPeriod, setPagedPeriod] = useState(periodKey);
  if (pagedPeriod !== periodKey) {
    setPagedPeriod(periodKey);
    setPage(1);
  }
  const list = useFundingAnnouncements(page, period.applied);
  const announcements = list.data?.announcements ?? [];
  return (
    <Card aria-labelledby="live-funding-signals">
      <CardHeader
        title={<span id="live-funding-signals">Live Funding Signals</span>}
        description={
          period.applied
            ? `Funding rounds announced ${period.describe(period.applied)}`
            : `Funding rounds announced in the last ${FUNDING_DAYS} days`
        }
        actions={
          <div className="flex items-center gap-3">
            {list.isFetching && list.data ? <Spinner size="sm" label="Refreshing" /> : null}
            <ImportRoundsButton />
          </div>
        }
      />
      <FundingPeriodPicker period={period} />
      {list.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading funding signals" />
        </div>
      ) : list.isError ? (
        <div className="p-6">
          <Alert>{loadFailedMessage(errorMessage(list.error, ''))}</Alert>
        </div>
      ) : announcements.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-6 py-12 text-center text-sm text-slate-500">
          <Radar aria-hidden="true" className="size-8 text-slate-300" />
          <p>{period.applied ? 'No funding rounds in this period.' : EMPTY_SIGNALS_TEXT}</p>
        </div>
      ) : (
        <>
          <ul className="divide-y divide-slate-100">
            {announcements.map((announcement) => (
              <li key={announcement.id}>
                <FundingSignalCard announcement={announcement} />
              </li>
            ))}
          </ul>
          {list.data && <SignalsPagination pagination={list.data.pagination} onPage={setPage} />}
        </>
      )}
    </Card>
  );
}
