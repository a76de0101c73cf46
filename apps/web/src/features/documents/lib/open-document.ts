import { authorizedFetch } from '../../../lib/authorized-fetch.ts';
import { saveFile } from '../../../lib/download/save-file.ts';

const API_PREFIX = '/api/v1';

/**
 * Opens a stored document in a new tab. Our own download route needs the bearer token, which a
 * plain link cannot send: the file is fetched with it and shown from a blob URL (a PDF opens in the
 * browser's viewer, Word and Excel files download). Any other address (a SharePoint link) opens as is.
 * The tab is opened first, inside the click, so pop-up blockers allow it.
 */
export async function openDocument(url: string, name: string): Promise<void> {
  const apiPath = apiPathOf(url);
  if (apiPath === null) {
    window.open(url, '_blank', 'noopener');
    return;
  }
  const tab = window.open('', '_blank');
  try {
    const response = await authorizedFetch(apiPath);
    if (!response.ok) throw new Error(`The file could not be opened (HTTP ${response.status}).`);
    const blob = await response.blob();
    if (!tab) {
      // Pop-ups blocked: download it here instead.
      saveFile({ blob, filename: name });
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    tab.document.title = name;
    tab.location.href = objectUrl;
    // Give the tab time to load the blob before releasing it.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** '/api/v1/documents/x/download' or a same-origin absolute URL → '/documents/x/download'; else null. */
export function apiPathOf(url: string): string | null {
  let path = url;
  if (/^https?:\/\//i.test(url)) {
    const parsed = new URL(url);
    if (parsed.origin !== window.location.origin) return null;
    path = `${parsed.pathname}${parsed.search}`;
  }
  if (path.startsWith(`${API_PREFIX}/`)) return path.slice(API_PREFIX.length);
  if (path.startsWith('/documents/')) return path;
  return null;
}
