import { useQuery } from '@tanstack/react-query';
import { Library } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { failureMessage } from '../../../../lib/failure-text.ts';
import { drivesQuery } from '../../api/sharepoint-browse-api.ts';
import type { Named } from '../../lib/browse-place.ts';
import { BrowseEmpty, BrowseFailure, BrowseLoading, listClasses } from './browse-states.tsx';

/** A site's document libraries. */
export function DrivesList({
  sessionId,
  site,
  onOpen,
}: {
  sessionId: string | null;
  site: Named;
  onOpen: (drive: Named) => void;
}) {
  const drives = useQuery(drivesQuery(sessionId, site.id));
  if (drives.isPending) return <BrowseLoading label="Loading document libraries" />;
  if (drives.isError)
    return <BrowseFailure message={failureMessage('load document libraries', drives.error)} />;
  if (drives.data.drives.length === 0) return <BrowseEmpty>This site has no document libraries.</BrowseEmpty>;
  return (
    <ul aria-label="Document libraries" className={listClasses}>
      {drives.data.drives.map((drive) => (
        <li key={drive.id} className="flex items-center gap-3 px-4 py-3">
          <Library aria-hidden="true" className="size-5 shrink-0 text-indigo-500" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-900">{drive.name}</p>
            {drive.description && <p className="truncate text-xs text-slate-500">{drive.description}</p>}
          </div>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Open ${drive.name}`}
            onClick={() => onOpen({ id: drive.id, name: drive.name })}
          >
            Open
          </Button>
        </li>
      ))}
    </ul>
  );
}
