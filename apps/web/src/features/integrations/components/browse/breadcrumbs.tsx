import { ChevronRight } from 'lucide-react';
import { cn } from '../../../../components/ui/cn.ts';
import { focusRing } from '../../../../components/ui/focus.ts';
import { type BrowsePlace, crumbsOf, placeKey } from '../../lib/browse-place.ts';

/** Where the browser is, each level above a link back to it (spec 03 §2). */
export function Breadcrumbs({ place, onGo }: { place: BrowsePlace; onGo: (place: BrowsePlace) => void }) {
  const crumbs = crumbsOf(place);
  return (
    <nav aria-label="Folder path">
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={placeKey(crumb.place)} className="flex min-w-0 items-center gap-1">
              {index > 0 && <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />}
              {last ? (
                <span aria-current="location" className="truncate font-medium text-slate-900">
                  {crumb.label}
                </span>
              ) : (
                <button
                  type="button"
                  onClick={() => onGo(crumb.place)}
                  className={cn(
                    'truncate rounded text-indigo-600 hover:text-indigo-700 hover:underline',
                    focusRing,
                  )}
                >
                  {crumb.label}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
