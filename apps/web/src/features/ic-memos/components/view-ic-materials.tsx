import { useQuery } from '@tanstack/react-query';
import { FolderOpen } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { dealIcMemosQuery } from '../api/ic-memos-api.ts';
import { LazyIcMaterialsDialog } from './lazy-ic-dialogs.ts';

/**
 * View IC materials (deal side panel): once a deal has memos, its latest version opens in the IC
 * materials dialog, whose version picker reaches the earlier ones, without generating a new one.
 * Nothing shows while the deal has none (or they could not be listed).
 */
export function ViewIcMaterials({ dealId, company }: { dealId: string; company: string }) {
  const versions = useQuery(dealIcMemosQuery(dealId));
  // The version the dialog opened on stays put even when a newer one is listed meanwhile.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const latest = versions.data?.ic_memos[0];
  if (!latest) return null;
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpenedOn(latest.id)}>
        <FolderOpen aria-hidden="true" className="size-4" />
        View IC materials
      </Button>
      {openedOn && (
        <Suspense fallback={null}>
          <LazyIcMaterialsDialog
            open
            onOpenChange={(open) => !open && setOpenedOn(null)}
            dealId={dealId}
            company={company}
            memoId={openedOn}
          />
        </Suspense>
      )}
    </>
  );
}
