import { STAGE_LABELS, type TCompanyDeal } from '@atempo/contracts';
import { Briefcase, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../../components/ui/card.tsx';
import { formatMillions } from '../../../../lib/format/money.ts';
import { ThematicScoreBadge } from '../thematic-score-badge.tsx';

/** The company's deals; each leads to the Deals pipeline. */
export function CompanyDealsCard({
  deals,
  onCreateDeal,
}: {
  deals: TCompanyDeal[];
  onCreateDeal: () => void;
}) {
  return (
    <Card>
      <CardHeader
        title="Deals"
        as="h2"
        description={deals.length === 0 ? undefined : `${deals.length} in the pipeline`}
      />
      {deals.length === 0 ? (
        <div className="px-6 py-6 text-center">
          <p className="text-sm text-slate-500">No deals for this company yet.</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={onCreateDeal}>
            <Briefcase aria-hidden="true" className="size-4" />
            Create deal
          </Button>
        </div>
      ) : (
        <ul aria-label="Deals of this company" className="divide-y divide-slate-100">
          {deals.map((deal) => (
            <li key={deal.id}>
              <Link
                to="/deals"
                className="flex items-center gap-3 px-6 py-3 text-sm hover:bg-slate-50"
                aria-label={`Deal #${deal.deal_number}, ${STAGE_LABELS[deal.stage]}, ${formatMillions(deal.amount_requested)}`}
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">Deal #{deal.deal_number}</p>
                  <p className="text-xs text-slate-500">
                    {STAGE_LABELS[deal.stage]} · {formatMillions(deal.amount_requested)}
                  </p>
                </div>
                <ThematicScoreBadge score={deal.thematic_score} />
                <ChevronRight aria-hidden="true" className="size-4 text-slate-400" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
