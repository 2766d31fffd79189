import { addDaysToWireDate } from '../constants/dates.ts';

/**
 * Business days (docs/decisions/assessments.md "Business days and public holidays"): weekdays that
 * are not in the `public_holidays` table. The database's `public.add_business_days` is the twin of
 * `addBusinessDays`; `hasura/tests/business-days.test.ts` holds them to the same dates.
 */
export type THolidays = ReadonlySet<string>;

/** Whether a yyyy-MM-dd day is a business day. */
export function isBusinessDay(day: string, holidays: THolidays): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(day);
}

/**
 * The day `days` business days after `start` (as `add_business_days(start, days)`: fewer than one
 * counts as one, the first business day after `start`).
 */
export function addBusinessDays(start: string, days: number, holidays: THolidays): string {
  let day = start;
  let left = Math.max(days, 1);
  while (left > 0) {
    day = addDaysToWireDate(day, 1);
    if (isBusinessDay(day, holidays)) left -= 1;
  }
  return day;
}

/**
 * Business days from `today` to `due`: those after today up to and including the due day (so
 * `businessDaysLeft(d, addBusinessDays(d, n)) === n`); 0 on the day itself; negative, the business
 * days since, once it has passed.
 */
export function businessDaysLeft(today: string, due: string, holidays: THolidays): number {
  const [from, to, sign] = due >= today ? [today, due, 1] : [due, today, -1];
  let count = 0;
  for (let day = addDaysToWireDate(from, 1); day <= to; day = addDaysToWireDate(day, 1)) {
    if (isBusinessDay(day, holidays)) count += 1;
  }
  return sign * count;
}

/** 'n business days left' (one: 'business day'; 0 on the day itself) or 'n business days overdue'. */
export function businessDaysLeftText(left: number): string {
  const unit = (n: number) => `${n} business ${n === 1 ? 'day' : 'days'}`;
  if (left >= 0) return `${unit(left)} left`;
  return `${unit(-left)} overdue`;
}
