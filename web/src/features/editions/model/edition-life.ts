import {
  formatAuditDateTime,
  formatDisplayDate,
  PORTAL_TIME_ZONE,
  type TEditionSummary,
} from '@portal/domain';

/** An instant as the portal's day and time (Sydney): 02/03/2027 07:00, never broken between the two. */
export const portalDateTime = (iso: string) =>
  formatAuditDateTime(iso, PORTAL_TIME_ZONE).replace(' ', '\u00a0');

/**
 * The steps of an edition's life so far, in words, oldest first: imported, published, retired,
 * and from when it applies.
 */
export function editionLife(
  edition: Pick<TEditionSummary, 'createdAt' | 'publishedAt' | 'retiredAt' | 'effectiveFrom'>,
): string[] {
  const steps = [`Imported ${portalDateTime(edition.createdAt)}`];
  if (edition.publishedAt) steps.push(`Published ${portalDateTime(edition.publishedAt)}`);
  if (edition.retiredAt) steps.push(`Retired ${portalDateTime(edition.retiredAt)}`);
  if (edition.effectiveFrom) steps.push(`Effective from ${formatDisplayDate(edition.effectiveFrom)}`);
  return steps;
}

/** "2 sets, 41 indicators". */
export function editionSize(edition: Pick<TEditionSummary, 'sets' | 'indicators'>): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(edition.sets, 'set')}, ${plural(edition.indicators, 'indicator')}`;
}
