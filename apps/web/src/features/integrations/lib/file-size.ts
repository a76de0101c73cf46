const KB = 1024;
const MB = KB * 1024;

/** 532 → '532 B', 12_600 → '12.3 KB', 3_500_000 → '3.3 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / KB).toFixed(1)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}
