import { PORTAL_TIME_ZONE } from '@portal/domain';

const FORMAT = new Intl.DateTimeFormat('en-AU', {
  timeZone: PORTAL_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as the portal's day and time: '02/03/2027 07:00' (spec 002 §5's dd/MM/yyyy, Sydney); '' for none. */
export function formatPortalDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    FORMAT.formatToParts(at).find((p) => p.type === type)?.value;
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}
