import { ArrowLeft, RefreshCw, Sparkles } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';

/** Back, Refresh and the not-yet-built bulk analysis (spec 03 §2 Browse Files). */
export function BrowseToolbar({
  canGoBack,
  onBack,
  onRefresh,
}: {
  canGoBack: boolean;
  onBack: () => void;
  onRefresh: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" size="sm" disabled={!canGoBack} onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back
      </Button>
      <Button variant="secondary" size="sm" onClick={onRefresh}>
        <RefreshCw aria-hidden="true" className="size-4" />
        Refresh
      </Button>
      <Button variant="secondary" size="sm" disabled className="sm:ml-auto">
        <Sparkles aria-hidden="true" className="size-4" />
        AI Analyse (Coming Soon)
      </Button>
    </div>
  );
}
