import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { companyKeys } from '../api/companies-api.ts';
import { addToWatchlist, removeFromWatchlist, watchlistKey } from '../api/watchlist-api.ts';
import { IconButton } from './icon-button.tsx';

export interface WatchableCompany {
  id: string;
  name: string;
  on_watchlist: boolean;
  watchlist_entry_id: string | null;
}

/**
 * Adds the company to the watchlist, or takes it off. A failure is announced with the server's
 * sentence (spec 02 §8).
 */
export function WatchToggle({
  company,
  showLabel = false,
}: {
  company: WatchableCompany;
  showLabel?: boolean;
}) {
  const queryClient = useQueryClient();
  const watched = company.on_watchlist;
  const toggle = useMutation({
    mutationFn: async () => {
      if (!watched) return addToWatchlist(company.id);
      if (!company.watchlist_entry_id) throw new Error('This company has no watchlist entry to remove');
      return removeFromWatchlist(company.watchlist_entry_id);
    },
    onSuccess: async () => {
      toast.success(watched ? `Stopped watching ${company.name}` : `Watching ${company.name}`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.all }),
        queryClient.invalidateQueries({ queryKey: watchlistKey }),
      ]);
    },
    onError: (error) =>
      toast.error(
        errorMessage(
          error,
          watched ? 'Could not remove from the watchlist' : 'Could not add to the watchlist',
        ),
      ),
  });

  const icon = (
    <Star
      aria-hidden="true"
      className={cn('size-4', watched ? 'fill-amber-400 text-amber-500' : 'text-current')}
    />
  );
  const label = watched ? 'On your watchlist: click to stop watching' : 'Add to your watchlist';
  if (!showLabel) {
    return (
      <IconButton
        aria-label={`Watch ${company.name}`}
        aria-pressed={watched}
        title={label}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate()}
      >
        {icon}
      </IconButton>
    );
  }
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-pressed={watched}
      title={label}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate()}
    >
      {icon}
      {watched ? 'Watching' : 'Watch'}
    </Button>
  );
}
