import { describe, expect, it } from 'vitest';
import { type BrowsePlace, crumbsOf, ONEDRIVE_ROOT, placeBack } from './browse-place.ts';
import { folderPathOf } from './folder-path.ts';

const site = { id: 's1', name: 'Deal Team' };
const drive = { id: 'd1', name: 'Documents' };
const deep: BrowsePlace = { level: 'files', site, drive, trail: ['Deals', 'Acme'] };

describe('SharePoint browse places (spec 03 §4)', () => {
  it('goes back up one folder, then to the libraries, then to the sites', () => {
    const up = placeBack(deep);
    expect(up).toEqual({ ...deep, trail: ['Deals'] });
    const top = placeBack(up as BrowsePlace);
    expect(top).toEqual({ ...deep, trail: [] });
    const libraries = placeBack(top as BrowsePlace);
    expect(libraries).toEqual({ level: 'drives', site });
    expect(placeBack(libraries as BrowsePlace)).toEqual({ level: 'sites' });
    expect(placeBack({ level: 'sites' })).toBeNull();
    expect(placeBack(ONEDRIVE_ROOT)).toBeNull();
  });

  it('names each level above in the breadcrumbs', () => {
    expect(crumbsOf(deep).map((crumb) => crumb.label)).toEqual([
      'Sites',
      'Deal Team',
      'Documents',
      'Deals',
      'Acme',
    ]);
    expect(
      crumbsOf({ ...ONEDRIVE_ROOT, trail: ['Deals'] } as BrowsePlace).map((crumb) => crumb.label),
    ).toEqual(['OneDrive', 'Deals']);
    expect(crumbsOf(deep)[3]?.place).toEqual({ ...deep, trail: ['Deals'] });
  });

  it('turns a trail into the folder_path the server takes', () => {
    expect(folderPathOf([])).toBe('/');
    expect(folderPathOf(['Deals', 'Acme'])).toBe('/Deals/Acme');
  });
});
