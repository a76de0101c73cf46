/** A file the server answered, with the name it is saved under. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/**
 * How long the blob URL outlives the click. Revoking it at once cancels the download in some
 * browsers (they read the URL after the click handler returns), and a slow browser may take a while
 * to start; ten seconds covers both without keeping the blob for the whole session.
 */
export const REVOKE_AFTER_MS = 10_000;

/** Hands a file to the browser's downloads through a hidden link. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
