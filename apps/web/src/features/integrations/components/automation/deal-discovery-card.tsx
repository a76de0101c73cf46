import { useMutation } from '@tanstack/react-query';
import { FolderSearch } from 'lucide-react';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';
import { failureMessage } from '../../../../lib/failure-text.ts';
import { formatDate } from '../../../../lib/format.ts';
import { discoverDeals } from '../../api/sharepoint-automation-api.ts';

/** Spec 03 §9: the deal list shows 10 entries. */
export const SHOWN_DEALS = 10;

/** Deal Discovery: the deal folders found, the first ten, then '... and N more deals'. */
export function DealDiscoveryCard() {
  const discover = useMutation({ mutationFn: () => discoverDeals() });
  const deals = discover.data?.deals.slice(0, SHOWN_DEALS) ?? [];
  const more = discover.data ? Math.max(0, discover.data.total - deals.length) : 0;
  return (
    <Card>
      <CardHeader
        as="h3"
        title="Deal Discovery"
        description="The deal folders in the chosen place, one folder per company."
        actions={
          <Button size="sm" variant="secondary" busy={discover.isPending} onClick={() => discover.mutate()}>
            {!discover.isPending && <FolderSearch aria-hidden="true" className="size-4" />}
            Discover Deals
          </Button>
        }
      />
      <CardBody className="space-y-3 text-sm">
        {discover.isError && <Alert>{failureMessage('discover deals', discover.error)}</Alert>}
        {!discover.data && !discover.isError && (
          <p className="text-slate-500">Discover Deals lists the deal folders Atempo can ingest.</p>
        )}
        {discover.data && discover.data.total === 0 && (
          <p className="text-slate-500">No deal folders were found in the chosen place.</p>
        )}
        {deals.length > 0 && (
          <ul
            aria-label="Discovered deals"
            className="divide-y divide-slate-100 rounded-lg border border-slate-200"
          >
            {deals.map((deal) => (
              <li
                key={deal.folder_id}
                className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
              >
                <span className="min-w-0 truncate font-medium text-slate-900">{deal.company_name}</span>
                <span className="flex items-center gap-2 text-xs text-slate-500">
                  {deal.modified_at && formatDate(deal.modified_at)}
                  {deal.deal_id ? <Badge tone="success">Ingested</Badge> : <Badge>New</Badge>}
                </span>
              </li>
            ))}
          </ul>
        )}
        {more > 0 && <p className="text-slate-600">... and {more} more deals</p>}
      </CardBody>
    </Card>
  );
}
