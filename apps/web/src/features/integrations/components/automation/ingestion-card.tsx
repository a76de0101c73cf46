import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';
import type { IngestionMode } from '../../api/sharepoint-automation-api.ts';
import { useIngestionRun } from '../../hooks/use-ingestion-run.ts';
import { IngestionSummary } from './ingestion-summary.tsx';

const MODES: { mode: IngestionMode; label: string }[] = [
  { mode: 'quick', label: 'Ingest 5 Deals' },
  { mode: 'full', label: 'Ingest All Deals' },
  { mode: 'incremental', label: 'Incremental (24h)' },
];

/** Data Ingestion (admin): five deals, all, or what changed in the last 24 hours, followed to the end. */
export function IngestionCard({ sessionId, isAdmin }: { sessionId: string | null; isAdmin: boolean }) {
  const ingestion = useIngestionRun(sessionId);
  return (
    <Card>
      <CardHeader
        as="h3"
        title="Data Ingestion"
        description="Reads the deal folders' documents into Atempo and analyses them."
      />
      <CardBody className="space-y-4">
        <div className="flex flex-wrap gap-2">
          {MODES.map(({ mode, label }) => (
            <Button
              key={mode}
              size="sm"
              variant={mode === 'quick' ? 'primary' : 'secondary'}
              disabled={!isAdmin || ingestion.active}
              busy={ingestion.starting === mode}
              onClick={() => void ingestion.start(mode)}
            >
              {label}
            </Button>
          ))}
        </div>
        {ingestion.error && <Alert>{ingestion.error}</Alert>}
        {ingestion.lostTrack && <Alert tone="info">{ingestion.lostTrack}</Alert>}
        {ingestion.run && (
          <IngestionSummary run={ingestion.run} label="Latest run" followed={!ingestion.lostTrack} />
        )}
      </CardBody>
    </Card>
  );
}
