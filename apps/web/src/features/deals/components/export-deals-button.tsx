import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { saveFile } from '../../../lib/download/save-file.ts';
import { failureText } from '../../../lib/failure-text.ts';
import { fetchDealsExport } from '../api/export-deals.ts';

/** Downloads the pipeline as CSV (GET /deals/export, with the session's bearer token). */
export function ExportDealsButton() {
  const [busy, setBusy] = useState(false);
  async function exportDeals() {
    setBusy(true);
    try {
      saveFile(await fetchDealsExport());
    } catch (error) {
      toast.error(`Could not export deals: ${failureText(error)}`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" busy={busy} onClick={exportDeals}>
      {!busy && <Download aria-hidden="true" className="size-4" />}
      Export
    </Button>
  );
}
