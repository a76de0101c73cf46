import { lazy } from 'react';

// The dialogs (and the Markdown renderer) load when they open, not with the pipeline.
export const LazyIcMaterialsDialog = lazy(async () => ({
  default: (await import('./ic-materials-dialog.tsx')).IcMaterialsDialog,
}));
export const LazyAgentIcPackageDialog = lazy(async () => ({
  default: (await import('./agent-ic-package-dialog.tsx')).AgentIcPackageDialog,
}));
