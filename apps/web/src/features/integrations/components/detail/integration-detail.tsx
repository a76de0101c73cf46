import type { TIntegrationCatalogueEntry } from '@atempo/contracts';
import { AffinityDetail } from './affinity-detail.tsx';
import { BoxDetail } from './box-detail.tsx';
import { DetailFrame } from './detail-frame.tsx';
import { GmailDetail } from './gmail-detail.tsx';
import { OneDriveDetail } from './onedrive-detail.tsx';
import { OutlookDetail } from './outlook-detail.tsx';
import { SharePointDetail } from './sharepoint-detail.tsx';

/** One integration's detail view (spec 03 §2 detail views). */
export function IntegrationDetail({ entry }: { entry: TIntegrationCatalogueEntry }) {
  return (
    <DetailFrame entry={entry}>
      <DetailBody entry={entry} />
    </DetailFrame>
  );
}

function DetailBody({ entry }: { entry: TIntegrationCatalogueEntry }) {
  switch (entry.id) {
    case 'sharepoint':
      return <SharePointDetail entry={entry} />;
    case 'onedrive':
      return <OneDriveDetail entry={entry} />;
    case 'outlook':
      return <OutlookDetail entry={entry} />;
    case 'gmail':
      return <GmailDetail entry={entry} />;
    case 'affinity':
      return <AffinityDetail entry={entry} />;
    case 'box':
      return <BoxDetail entry={entry} />;
    default:
      return null;
  }
}
