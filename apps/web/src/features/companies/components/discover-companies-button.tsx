import { Radar } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useCompanyDiscovery } from '../hooks/use-company-discovery.ts';

/** Finds companies that fit the thesis in the funding rounds and signals, and adds them to the list. */
export function DiscoverCompaniesButton() {
  const { running, start } = useCompanyDiscovery();
  return (
    <Button variant="secondary" busy={running} disabled={running} onClick={() => void start()}>
      {!running && <Radar aria-hidden="true" className="size-4" />}
      {running ? 'Discovering...' : 'Discover companies'}
    </Button>
  );
}
