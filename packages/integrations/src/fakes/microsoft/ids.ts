import { createHash } from 'node:crypto';

/**
 * Deterministic ids in Microsoft's shapes, so a restarted `npm run dev:fakes` serves the same sites,
 * drives and items (ids stored by the app stay valid; only delta links are reset).
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function digest(...parts: string[]): Buffer {
  return createHash('sha256').update(parts.join('\u0000')).digest();
}

/** A GUID derived from a seed string (lower-case, version nibble 4). */
export function guidFrom(...parts: string[]): string {
  const hex = digest('guid', ...parts).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A SharePoint/OneDrive for Business drive id: `b!` and 64 base64url characters. */
export function businessDriveId(...parts: string[]): string {
  const bytes = Buffer.concat([digest('drive', ...parts), digest('drive2', ...parts)]);
  return `b!${bytes.toString('base64url').slice(0, 64)}`;
}

/** A OneDrive for Business item id: `01` and 32 base32 characters. */
export function businessItemId(driveId: string, counter: number): string {
  const bytes = digest('item', driveId, String(counter));
  let id = '01';
  for (let index = 0; index < 32; index++) id += BASE32[(bytes[index] ?? 0) % 32];
  return id;
}

/** A personal (consumer) OneDrive: the drive id is 16 hex digits, an item id is `{DRIVE}!{n}`. */
export function personalDriveId(...parts: string[]): string {
  return digest('personal', ...parts)
    .toString('hex')
    .slice(0, 16);
}

export function personalItemId(driveId: string, counter: number): string {
  return `${driveId.toUpperCase()}!${100 + counter}`;
}
