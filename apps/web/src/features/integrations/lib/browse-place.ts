import type { QueryKey } from '@tanstack/react-query';
import { browseKeys, ONEDRIVE_DRIVE_ID } from '../api/sharepoint-browse-api.ts';
import { type FolderTrail, folderPathOf } from './folder-path.ts';

export interface Named {
  id: string;
  name: string;
}

/** Where the file browser is (spec 03 §4 SharePoint browse view): sites, a site's libraries, or a folder. */
export type BrowsePlace =
  | { level: 'sites' }
  | { level: 'drives'; site: Named }
  /** `site` is null for the user's OneDrive. */
  | { level: 'files'; site: Named | null; drive: Named; trail: FolderTrail };

export const ONEDRIVE_ROOT: BrowsePlace = {
  level: 'files',
  site: null,
  drive: { id: ONEDRIVE_DRIVE_ID, name: 'OneDrive' },
  trail: [],
};

/**
 * Back (spec 03 §4): up one folder inside a library; from a library's top to its site's libraries;
 * from the libraries to the sites. Null where there is nowhere further back.
 */
export function placeBack(place: BrowsePlace): BrowsePlace | null {
  if (place.level === 'files') {
    if (place.trail.length > 0) return { ...place, trail: place.trail.slice(0, -1) };
    return place.site ? { level: 'drives', site: place.site } : null;
  }
  if (place.level === 'drives') return { level: 'sites' };
  return null;
}

export interface Crumb {
  label: string;
  place: BrowsePlace;
}

/** A stable name for a place (a React key). */
export function placeKey(place: BrowsePlace): string {
  if (place.level === 'sites') return 'sites';
  if (place.level === 'drives') return `drives:${place.site.id}`;
  return `files:${place.drive.id}:${folderPathOf(place.trail)}`;
}

/** The breadcrumb trail to `place`; the last crumb is where the user is. */
export function crumbsOf(place: BrowsePlace): Crumb[] {
  if (place.level === 'sites') return [{ label: 'Sites', place }];
  if (place.level === 'drives')
    return [
      { label: 'Sites', place: { level: 'sites' } },
      { label: place.site.name, place },
    ];
  const base: Crumb[] = place.site
    ? [
        { label: 'Sites', place: { level: 'sites' } },
        { label: place.site.name, place: { level: 'drives', site: place.site } },
      ]
    : [];
  const top: Crumb = { label: place.drive.name, place: { ...place, trail: [] } };
  const folders = place.trail.map((name, index) => ({
    label: name,
    place: { ...place, trail: place.trail.slice(0, index + 1) },
  }));
  return [...base, top, ...folders];
}

/** The query that lists what `place` shows, for Refresh. */
export function placeQueryKey(place: BrowsePlace, sessionId: string | null): QueryKey {
  if (place.level === 'sites') return browseKeys.sites(sessionId);
  if (place.level === 'drives') return browseKeys.drives(sessionId, place.site.id);
  return browseKeys.items(sessionId, place.drive.id, folderPathOf(place.trail));
}
