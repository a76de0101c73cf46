import { FileText } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '../../../components/ui/button.tsx';
import { usePrepareIcMaterials } from '../hooks/use-prepare-ic-materials.ts';
import { IcGenerationOverlay } from './ic-generation-overlay.tsx';

// The dialogs (and the Markdown renderer) load when materials are ready, not with the pipeline.
const IcMaterialsDialog = lazy(async () => ({
  default: (await import('./ic-materials-dialog.tsx')).IcMaterialsDialog,
}));
const AgentIcPackageDialog = lazy(async () => ({
  default: (await import('./agent-ic-package-dialog.tsx')).AgentIcPackageDialog,
}));

export interface PrepareIcMaterialsProps {
  dealId: string;
  company: string;
  size?: ButtonSize;
  variant?: ButtonVariant;
  className?: string;
}

/**
 * The Prepare IC Materials button (deal side panel, AI Intelligence card) with what follows it:
 * the progress overlay, then the IC materials dialog, or the agent's package when the fast
 * generator is not configured (spec 02 §2, §4).
 */
export function PrepareIcMaterials({
  dealId,
  company,
  size = 'sm',
  variant = 'primary',
  className,
}: PrepareIcMaterialsProps) {
  const { generating, prepared, prepare, close } = usePrepareIcMaterials(dealId, company);
  return (
    <>
      <Button
        size={size}
        variant={variant}
        className={className}
        onClick={() => void prepare()}
        disabled={generating}
      >
        <FileText aria-hidden="true" className="size-4" />
        Prepare IC Materials
      </Button>
      <IcGenerationOverlay open={generating} company={company} />
      <Suspense fallback={<IcGenerationOverlay open company={company} />}>
        {prepared?.kind === 'memo' && (
          <IcMaterialsDialog
            open
            onOpenChange={(open) => !open && close()}
            dealId={dealId}
            company={company}
            memoId={prepared.memoId}
          />
        )}
        {prepared?.kind === 'agent' && (
          <AgentIcPackageDialog
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
