import { useQuery } from '@tanstack/react-query';
import { Globe } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { failureMessage } from '../../../../lib/failure-text.ts';
import { sitesQuery } from '../../api/sharepoint-browse-api.ts';
import type { Named } from '../../lib/browse-place.ts';
import { BrowseEmpty, BrowseFailure, BrowseLoading, listClasses } from './browse-states.tsx';

/** The SharePoint sites the user can see. */
export function SitesList({
  sessionId,
  onOpen,
}: {
  sessionId: string | null;
  onOpen: (site: Named) => void;
}) {
  const sites = useQuery(sitesQuery(sessionId));
  if (sites.isPending) return <BrowseLoading label="Loading sites" />;
  if (sites.isError) return <BrowseFailure message={failureMessage('load folders', sites.error)} />;
  if (sites.data.sites.length === 0)
    return <BrowseEmpty>No SharePoint sites are shared with you.</BrowseEmpty>;
  return (
    <ul aria-label="SharePoint sites" className={listClasses}>
      {sites.data.sites.map((site) => (
        <li key={site.id} className="flex items-center gap-3 px-4 py-3">
          <Globe aria-hidden="true" className="size-5 shrink-0 text-indigo-500" />
          <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">
            {site.displayName}
          </span>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Open ${site.displayName}`}
            onClick={() => onOpen({ id: site.id, name: site.displayName })}
          >
            Open
          </Button>
        </li>
      ))}
    </ul>
  );
}
