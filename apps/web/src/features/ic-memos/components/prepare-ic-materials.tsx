import { FileText } from 'lucide-react';
import { Suspense } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { usePrepareIcMaterials } from '../hooks/use-prepare-ic-materials.ts';
import { IcGenerationOverlay } from './ic-generation-overlay.tsx';
import { LazyAgentIcPackageDialog, LazyIcMaterialsDialog } from './lazy-ic-dialogs.ts';

export interface PrepareIcMaterialsProps {
  dealId: string;
  company: string;
}

/**
 * The Prepare IC Materials button (on the AI Intelligence card, spec 01) with what follows it: the
 * progress overlay, then the IC materials dialog on the stored memo, whichever generator wrote it
 * (spec 02 §2, §4); a package from an agent that stored no memo opens as a package.
 */
export function PrepareIcMaterials({ dealId, company }: PrepareIcMaterialsProps) {
  const { generating, prepared, prepare, close } = usePrepareIcMaterials(dealId, company);
  return (
    <>
      <Button size="sm" onClick={() => void prepare()} disabled={generating}>
        <FileText aria-hidden="true" className="size-4" />
        Prepare IC Materials
      </Button>
      <IcGenerationOverlay open={generating} company={company} />
      <Suspense fallback={<IcGenerationOverlay open company={company} />}>
        {prepared?.kind === 'memo' && (
          <LazyIcMaterialsDialog
            open
            onOpenChange={(open) => !open && close()}
            dealId={dealId}
            company={company}
            memoId={prepared.memoId}
          />
        )}
        {prepared?.kind === 'agent' && (
          <LazyAgentIcPackageDialog
            open
            onOpenChange={(open) => !open && close()}
            company={company}
            icPackage={prepared.icPackage}
          />
        )}
      </Suspense>
    </>
  );
}
