import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Spotlight } from '../../../components/ui/spotlight.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { fundingAnnouncementQuery } from '../api/funding-api.ts';
import { FundingSignalCard } from './funding-signal-card.tsx';

/** The round a search result led to (`?announcement={id}`): its card, open, ahead of the list. */
export function LinkedAnnouncement({ id, onDismiss }: { id: string; onDismiss: () => void }) {
  const round = useQuery(fundingAnnouncementQuery(id));
  return (
    <Spotlight title="Funding round from your search" ready={!round.isPending} onDismiss={onDismiss}>
      {round.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading the funding round" />
        </div>
      ) : round.isError ? (
        <div className="p-6">
          <Alert>{errorMessage(round.error, 'Could not load the funding round')}</Alert>
        </div>
      ) : (
        <FundingSignalCard announcement={round.data} defaultOpen />
      )}
    </Spotlight>
  );
}
