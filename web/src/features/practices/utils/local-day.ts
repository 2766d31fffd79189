/** The browser's calendar day (yyyy-MM-dd) of a timestamp, for the dd/MM/yyyy formatters. */
export function localDay(timestamp: string): string {
  const date = new Date(timestamp);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
