import type { TCuratedFeed } from '@atempo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Plus } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { createSource, sourceKeys } from '../api/sources-api.ts';

/** Public European and UK funding feeds; none is fetched until an admin enables it here. */
export function CuratedFeeds({ feeds }: { feeds: TCuratedFeed[] }) {
  const queryClient = useQueryClient();
  const enable = useMutation({
    mutationFn: (feed: TCuratedFeed) => createSource({ url: feed.url, name: feed.name, enabled: true }),
    onSuccess: async (source) => {
      await queryClient.invalidateQueries({ queryKey: sourceKeys.all });
      toast.success(`${source.name} is on: it is fetched every 30 minutes`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not add the feed')),
  });

  return (
    <Card>
      <CardHeader
        title="Suggested feeds"
        description="Public startup-funding news from Europe and the UK. Off until you enable them."
      />
      <ul className="divide-y divide-slate-100">
        {feeds.map((feed) => (
          <li key={feed.url} className="flex flex-wrap items-center justify-between gap-3 px-6 py-3">
            <div className="min-w-0 flex-1">
              <div className="flex items-center gap-2">
                <span className="text-sm font-medium text-slate-900">{feed.name}</span>
                <Badge>{feed.region}</Badge>
              </div>
              <p className="mt-0.5 text-sm text-slate-500">{feed.description}</p>
              <p className="mt-0.5 truncate text-xs text-slate-400">{feed.url}</p>
            </div>
            {feed.source_id ? (
              <span className="inline-flex items-center gap-1 text-sm text-emerald-700">
                <Check aria-hidden="true" className="size-4" />
                Added
              </span>
            ) : (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Enable ${feed.name}`}
                busy={enable.isPending && enable.variables?.url === feed.url}
                disabled={enable.isPending}
                onClick={() => enable.mutate(feed)}
              >
                <Plus aria-hidden="true" className="size-3.5" />
                Enable
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
