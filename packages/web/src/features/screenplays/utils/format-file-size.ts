const KB = 1024;
const MB = 1024 * 1024;

/** A file size as the upload box shows it: whole bytes, then KB or MB with one decimal. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "0 B";
  if (bytes < KB) return `${Math.round(bytes)} B`;
  const kilobytes = (bytes / KB).toFixed(1);
  // 1048575 bytes would round to "1024.0 KB": say 1.0 MB instead.
  if (Number(kilobytes) < 1024) return `${kilobytes} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}
