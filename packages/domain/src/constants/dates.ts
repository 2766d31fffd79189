/**
 * Date formats of spec 000 §5 and §9: dates travel as yyyy-MM-dd and are shown as dd/MM/yyyy;
 * a scheduled visit as MMM yyyy, a preference due date as MMMM yyyy. Plain calendar dates, no
 * time zone: '2025-03-01' is the 1st of March wherever the browser is.
 */
export const WIRE_DATE_FORMAT = 'yyyy-MM-dd';
export const DISPLAY_DATE_FORMAT = 'dd/MM/yyyy';

const WIRE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DISPLAY_DATE = /^(\d{2})\/(\d{2})\/(\d{4}|\d{2})$/;
/** The date picker's format (spec 001 §9, 002 §9: dd/MM/yy); dd/MM/yyyy is taken too. */
export const DATE_PICKER_FORMAT = 'dd/MM/yy';
/** A two-digit year within this many years after this year is of this century, else the last. */
const TWO_DIGIT_YEAR_AHEAD = 20;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function validParts(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || year < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days;
}

/** Whether the text is a real calendar date written yyyy-MM-dd. */
export function isWireDate(text: string): boolean {
  const m = WIRE_DATE.exec(text);
  return !!m && validParts(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** yyyy-MM-dd → dd/MM/yyyy; blank when missing or invalid (spec 002 §5). */
export function formatDisplayDate(wire: string | null | undefined): string {
  if (!wire) return '';
  const text = wire.slice(0, 10);
  if (!isWireDate(text)) return '';
  const [y, m, d] = text.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * A typed date → yyyy-MM-dd, or null when it is not a real date: the date picker's dd/MM/yy
 * (spec 001 §9) or dd/MM/yyyy. A two-digit year is the nearest one no more than 20 years ahead of
 * `today` ('01/02/95' is 1995, '01/02/31' is 2031 in 2026).
 */
export function parseDisplayDate(display: string, today: string = portalToday()): string | null {
  const m = DISPLAY_DATE.exec(display.trim());
  if (!m) return null;
  let year = Number(m[3]);
  if (m[3]!.length === 2) {
    const thisYear = Number(today.slice(0, 4));
    year += Math.floor(thisYear / 100) * 100;
    if (year > thisYear + TWO_DIGIT_YEAR_AHEAD) year -= 100;
  }
  const wire = `${String(year).padStart(4, '0')}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return isWireDate(wire) ? wire : null;
}

/**
 * The accreditation provider's time zone. A day in the portal (today, a visit's date, a due date,
 * the day a finding was closed) is a day there, whatever the zone of the browser, the server or
 * the database session: `portalToday()` here, `public.portal_today()` in the database.
 */
export const PORTAL_TIME_ZONE = 'Australia/Sydney';

const PORTAL_DAY = new Intl.DateTimeFormat('en-AU', {
  timeZone: PORTAL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The portal's day (see PORTAL_TIME_ZONE) at an instant, now unless given, as yyyy-MM-dd. */
export function portalToday(at: Date = new Date()): string {
  const part = Object.fromEntries(PORTAL_DAY.formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}`;
}

/** A yyyy-MM-dd day plus `days` calendar days (negative goes back), as yyyy-MM-dd. */
export function addDaysToWireDate(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A local Date → yyyy-MM-dd of its calendar day (what a date picker gives). */
export function toWireDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last day of a month written yyyy-MM, as yyyy-MM-dd. */
export function lastDayOfMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/** The same calendar day `months` later (earlier when negative), clamped to the month's last day. */
export function addMonthsToWireDate(wire: string, months: number): string {
  const [y, m, d] = wire.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const month = `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
  const last = lastDayOfMonth(month);
  return `${month}-${String(Math.min(d, Number(last.slice(8)))).padStart(2, '0')}`;
}

/** The same calendar day `years` later (29 February → 28 February when needed). */
export function addYearsToWireDate(wire: string, years: number): string {
  return addMonthsToWireDate(wire, 12 * years);
}

/** '05 Mar 25' (dd MMM yy, spec 001 §9: an indicator comment's day); blank when invalid. */
export function formatShortDate(wire: string | null | undefined): string {
  if (!wire || !isWireDate(wire.slice(0, 10))) return '';
  const [y, m, d] = wire.slice(0, 10).split('-');
  return `${d} ${MONTHS[Number(m) - 1]!.slice(0, 3)} ${y!.slice(2)}`;
}

/** 'Mar 2025' (scheduled visit, MMM yyyy). */
export function formatMonthShort(wire: string | null | undefined): string {
  if (!wire || !isWireDate(wire.slice(0, 10))) return '';
  const [y, m] = wire.split('-');
  return `${MONTHS[Number(m) - 1]!.slice(0, 3)} ${y}`;
}

/** '1 Mar 2025' (d LLL yyyy: a date in a file name or on a printed certificate); blank when invalid. */
export function formatDayMonthYear(wire: string | null | undefined): string {
  if (!wire || !isWireDate(wire.slice(0, 10))) return '';
  const [y, m, d] = wire.slice(0, 10).split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1]!.slice(0, 3)} ${y}`;
}

/** 'March 2025' (preference days due, MMMM yyyy). */
export function formatMonthLong(wire: string | null | undefined): string {
  if (!wire || !isWireDate(wire.slice(0, 10))) return '';
  const [y, m] = wire.split('-');
  return `${MONTHS[Number(m) - 1]} ${y}`;
}

/** A time of day from the database ('14:30' or '14:30:00') as people read it: '2:30 pm'; blank when missing or invalid. */
export function formatTimeOfDay(value: string | null | undefined): string {
  const m = value ? /^(\d{1,2}):(\d{2})/.exec(value) : null;
  if (!m) return '';
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (hours > 23 || minutes > 59) return '';
  return `${((hours + 11) % 12) + 1}:${m[2]} ${hours >= 12 ? 'pm' : 'am'}`;
}

/**
 * The dates a record of the scheme may carry (ours): an activity's due date, a certificate's
 * dates. They fall within years of today, so a date outside this century is a typing slip (2207
 * for 2027), not a plan; the columns' CHECKs say the same where GraphQL writes them.
 */
export const RECORD_DATE_RANGE = { from: '2000-01-01', to: '2099-12-31' } as const;

/** Whether a yyyy-MM-dd date lies within RECORD_DATE_RANGE. */
export function isRecordDateInRange(date: string): boolean {
  return date >= RECORD_DATE_RANGE.from && date <= RECORD_DATE_RANGE.to;
}

/** The field message for a date outside RECORD_DATE_RANGE. */
export const RECORD_DATE_RANGE_MESSAGE = `Enter a date from ${formatDisplayDate(RECORD_DATE_RANGE.from)} to ${formatDisplayDate(RECORD_DATE_RANGE.to)}.`;
