import { createHash } from 'node:crypto';
import { businessItemId, personalItemId } from './ids.ts';
import { mimeTypeFor } from './mime.ts';

export type DriveType = 'documentLibrary' | 'business' | 'personal';

export interface FakeItem {
  id: string;
  parentId: string | null;
  name: string;
  kind: 'root' | 'folder' | 'file';
  /** Null for a folder, or for a metadata-only file (its `size` is then all there is). */
  bytes: Uint8Array | null;
  size: number;
  mimeType: string | null;
  /** Stable content hash (base64 SHA-1; see graph-json.ts on quickXorHash). */
  hash: string | null;
  createdDateTime: string;
  lastModifiedDateTime: string;
  /** Bumped on any change (eTag). */
  version: number;
  /** Bumped on content changes only (cTag). */
  contentVersion: number;
  /** Creation order: a parent always comes before its children. A full enumeration pages by it. */
  order: number;
  /** The drive's change counter when this item last changed: a change round pages by it. */
  seq: number;
  deleted: boolean;
}

export interface DriveOwner {
  kind: 'site' | 'user';
  /** The site id or the user's oid. */
  id: string;
  displayName: string;
}

function contentHash(bytes: Uint8Array | null, fallback: string): string {
  return createHash('sha1')
    .update(bytes ?? fallback)
    .digest('base64');
}

const byName = (a: FakeItem, b: FakeItem) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

/**
 * One drive (a document library or a OneDrive) in memory. Every change takes the next value of the
 * drive's change counter; delta reads the items whose counter is past a cursor. Deleted items stay as
 * tombstones so a later delta can report them. Two indexes keep big benchmark trees fast: children
 * by parent, and every item in the order of its last change (a Map re-inserted on each change).
 */
export class FakeDrive {
  /** Every item, tombstones included, in creation order (a parent before its children). */
  readonly items = new Map<string, FakeItem>();
  readonly rootId: string;
  /** The last change number handed out. */
  seq = 0;
  private counter = 0;
  private readonly childrenOf = new Map<string, Set<FakeItem>>();
  /** The same items ordered by `seq`: an item moves to the end whenever it changes. */
  private readonly byChange = new Map<string, FakeItem>();

  constructor(
    readonly id: string,
    readonly name: string,
    readonly driveType: DriveType,
    readonly owner: DriveOwner,
    readonly tenantId: string,
    readonly webUrl: string,
    readonly description: string,
    private readonly clock: () => string,
  ) {
    this.rootId = this.insert(null, 'root', 'root', null, 0).id;
  }

  private nextId(): string {
    return this.driveType === 'personal'
      ? personalItemId(this.id, this.counter)
      : businessItemId(this.id, this.counter);
  }

  /** Gives the item the next change number. */
  private touch(item: FakeItem): void {
    item.seq = ++this.seq;
    this.byChange.delete(item.id);
    this.byChange.set(item.id, item);
  }

  private insert(
    parentId: string | null,
    name: string,
    kind: FakeItem['kind'],
    bytes: Uint8Array | null,
    size: number,
    options: { mimeType?: string; lastModified?: string } = {},
  ): FakeItem {
    const now = options.lastModified ?? this.clock();
    this.counter++;
    const item: FakeItem = {
      id: this.nextId(),
      order: this.counter,
      parentId,
      name,
      kind,
      bytes,
      size,
      mimeType: kind === 'file' ? (options.mimeType ?? mimeTypeFor(name)) : null,
      hash: kind === 'file' ? contentHash(bytes, `${name}:${size}`) : null,
      createdDateTime: now,
      lastModifiedDateTime: now,
      version: 1,
      contentVersion: 1,
      seq: 0,
      deleted: false,
    };
    this.items.set(item.id, item);
    this.touch(item);
    if (parentId !== null) {
      const siblings = this.childrenOf.get(parentId) ?? new Set<FakeItem>();
      siblings.add(item);
      this.childrenOf.set(parentId, siblings);
    }
    this.touchAncestors(parentId);
    return item;
  }

  /** A change inside a folder changes the folder too (Graph reports the parents of changed items). */
  private touchAncestors(parentId: string | null): void {
    const stamp = this.clock();
    for (let id = parentId; id !== null; ) {
      const folder = this.items.get(id);
      if (!folder) break;
      folder.version++;
      folder.lastModifiedDateTime = stamp;
      this.touch(folder);
      id = folder.parentId;
    }
  }

  get(id: string): FakeItem | null {
    const item = this.items.get(id);
    return item && !item.deleted ? item : null;
  }

  root(): FakeItem {
    return this.items.get(this.rootId)!;
  }

  children(folderId: string): FakeItem[] {
    return [...(this.childrenOf.get(folderId) ?? [])].filter((item) => !item.deleted).sort(byName);
  }

  /** The item's folder path from the root, e.g. `/Deals/Acme` (empty for the root). */
  pathOf(item: FakeItem): string {
    const names: string[] = [];
    for (let current: FakeItem | undefined = item; current && current.kind !== 'root'; ) {
      names.unshift(current.name);
      current = current.parentId ? this.items.get(current.parentId) : undefined;
    }
    return names.length ? `/${names.join('/')}` : '';
  }

  private childNamed(parentId: string, name: string): FakeItem | undefined {
    const wanted = name.toLowerCase();
    for (const child of this.childrenOf.get(parentId) ?? []) {
      if (!child.deleted && child.name.toLowerCase() === wanted) return child;
    }
    return undefined;
  }

  /** The item at these path segments from the root (names compare case-insensitively, as in SharePoint). */
  byPath(segments: string[]): FakeItem | null {
    let current = this.root();
    for (const segment of segments) {
      const next = this.childNamed(current.id, segment);
      if (!next) return null;
      current = next;
    }
    return current;
  }

  addFolder(parentId: string, name: string): FakeItem {
    return this.childNamed(parentId, name) ?? this.insert(parentId, name, 'folder', null, 0);
  }

  /** Creates the folders of a path as needed and returns the last one. */
  ensureFolder(path: string): FakeItem {
    let folder = this.root();
    for (const segment of path.split('/').filter(Boolean)) folder = this.addFolder(folder.id, segment);
    return folder;
  }

  /** A new file, or new content for the file of that name already in the folder. */
  addFile(
    parentId: string,
    name: string,
    content: { bytes: Uint8Array } | { size: number },
    options: { mimeType?: string; lastModified?: string } = {},
  ): FakeItem {
    const existing = this.childNamed(parentId, name);
    if (existing?.kind === 'file' && 'bytes' in content) return this.updateFile(existing.id, content.bytes);
    const bytes = 'bytes' in content ? content.bytes : null;
    const size = 'bytes' in content ? content.bytes.byteLength : content.size;
    return this.insert(parentId, name, 'file', bytes, size, options);
  }

  updateFile(id: string, bytes: Uint8Array): FakeItem {
    const item = this.get(id);
    if (item?.kind !== 'file') throw new Error(`No file ${id} in drive ${this.id}`);
    item.bytes = bytes;
    item.size = bytes.byteLength;
    item.hash = contentHash(bytes, '');
    item.version++;
    item.contentVersion++;
    item.lastModifiedDateTime = this.clock();
    this.touch(item);
    this.touchAncestors(item.parentId);
    return item;
  }

  /** Deletes an item and everything under it; each becomes a tombstone delta reports once. */
  deleteItem(id: string): void {
    const item = this.get(id);
    if (!item || item.kind === 'root') throw new Error(`No deletable item ${id} in drive ${this.id}`);
    const doomed = [item];
    for (let index = 0; index < doomed.length; index++) {
      doomed.push(...this.children(doomed[index]!.id));
    }
    for (const victim of doomed.reverse()) {
      victim.deleted = true;
      this.touch(victim);
    }
    this.touchAncestors(item.parentId);
  }

  /**
   * Up to `limit` candidates for a delta page. A full enumeration (`since` 0) lists live items in
   * creation order (parents first); a change round lists everything changed after `since`, deletions
   * included, in change order. Both stop at `upTo`, the drive's counter when the round began: what
   * changes while the pages are read belongs to the next round. `after` is the page key of the last
   * item sent (see pageKey).
   */
  changes(since: number, upTo: number, after: number, limit: number): FakeItem[] {
    const found: FakeItem[] = [];
    if (since === 0) {
      for (const item of this.items.values()) {
        if (found.length >= limit) break;
        if (!item.deleted && item.seq <= upTo && item.order > after) found.push(item);
      }
      return found;
    }
    const from = Math.max(since, after);
    for (const item of this.byChange.values()) {
      if (found.length >= limit || item.seq > upTo) break;
      if (item.seq > from) found.push(item);
    }
    return found;
  }

  /** The key `changes()` pages by for this kind of round. */
  static pageKey(item: FakeItem, since: number): number {
    return since === 0 ? item.order : item.seq;
  }
}
