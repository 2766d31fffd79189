/** Largest document by default, in MB (spec 002 §9), unless the server is configured otherwise. */
export const DEFAULT_MAX_FILE_SIZE_MB = 100;

/**
 * A limit in MB as bytes. Decimal, like the sizes shown to the user (spec 002 §5: base 1000), so
 * a file displayed as '100.01 MB' is the one refused at 100 MB.
 */
export function megabytesToBytes(megabytes: number): number {
  return megabytes * 1000 * 1000;
}

/**
 * A file size for display (spec 002 §5, §9): decimal units, base 1000, 2 decimals for kB and MB
 * ('999 B', '1.50 kB', '2.35 MB'). Whole bytes have no decimals.
 */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1000) return `${Math.round(bytes)} B`;
  if (bytes < 1000 * 1000) return `${(bytes / 1000).toFixed(2)} kB`;
  return `${(bytes / (1000 * 1000)).toFixed(2)} MB`;
}
