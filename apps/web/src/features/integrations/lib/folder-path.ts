/** A folder inside a library as the path segments from its top; [] is the top ('/'). */
export type FolderTrail = readonly string[];

/** The folder_path the items call takes: '/' for the top, '/Deals/Acme' below it. */
export function folderPathOf(trail: FolderTrail): string {
  return `/${trail.join('/')}`;
}
