import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../../components/ui/alert.tsx';
import { sitesQuery } from '../../api/sharepoint-browse-api.ts';
import { type BrowsePlace, ONEDRIVE_ROOT, placeBack, placeQueryKey } from '../../lib/browse-place.ts';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { BrowseToolbar } from './browse-toolbar.tsx';
import { DrivesList } from './drives-list.tsx';
import { FolderContents } from './folder-contents.tsx';
import { SitesList } from './sites-list.tsx';

/**
 * Browse Files (spec 03 §2): SharePoint sites → document libraries → folders and files, or the
 * user's OneDrive. A personal Microsoft account has no SharePoint: its OneDrive is shown instead,
 * with the server's notice.
 */
export function FileBrowser({
  mode,
  sessionId,
}: {
  mode: 'sharepoint' | 'onedrive';
  sessionId: string | null;
}) {
  const queryClient = useQueryClient();
  const [place, setPlace] = useState<BrowsePlace>(mode === 'onedrive' ? ONEDRIVE_ROOT : { level: 'sites' });
  const sites = useQuery({ ...sitesQuery(sessionId), enabled: mode === 'sharepoint' });
  const personal = mode === 'sharepoint' && sites.data?.personal_account === true;
  // A personal account's "sites" are its OneDrive.
  const shown: BrowsePlace = personal && place.level === 'sites' ? ONEDRIVE_ROOT : place;
  const back = placeBack(shown);
  const isOneDrive = shown.level === 'files' && shown.site === null;

  return (
    <div className="space-y-4">
      {personal && sites.data?.message && <Alert tone="info">{sites.data.message}</Alert>}
      <BrowseToolbar
        canGoBack={back !== null}
        onBack={() => back && setPlace(back)}
        onRefresh={() => void queryClient.invalidateQueries({ queryKey: placeQueryKey(shown, sessionId) })}
      />
      <Breadcrumbs place={shown} onGo={setPlace} />
      {shown.level === 'sites' ? (
        <SitesList sessionId={sessionId} onOpen={(site) => setPlace({ level: 'drives', site })} />
      ) : shown.level === 'drives' ? (
        <DrivesList
          sessionId={sessionId}
          site={shown.site}
          onOpen={(drive) => setPlace({ level: 'files', site: shown.site, drive, trail: [] })}
        />
      ) : (
        <FolderContents
          sessionId={sessionId}
          driveId={shown.drive.id}
          trail={shown.trail}
          isOneDrive={isOneDrive}
          onOpenFolder={(name) => setPlace({ ...shown, trail: [...shown.trail, name] })}
        />
      )}
    </div>
  );
}
