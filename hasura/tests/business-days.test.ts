import {
  ACTION_PLAN_BUSINESS_DAYS,
  addBusinessDays as addBusinessDaysHere,
  addDaysToWireDate,
  businessDaysLeft,
} from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { useTestDb } from './db.ts';

const t = useTestDb();

const addBusinessDays = async (start: string, days: number) =>
  (
    await t.db.q<{ due: string }>('select public.add_business_days($1::date, $2)::text as due', [start, days])
  )[0]!.due;

describe('business days skip weekends and the public holidays in the data', () => {
  it('skips Christmas Day and Boxing Day', async () => {
    // Friday 19 December 2025: Mon 22, Tue 23, Wed 24, (Thu 25, Fri 26 holidays), Mon 29, Tue 30.
    expect(await addBusinessDays('2025-12-19', 5)).toBe('2025-12-30');
  });

  it('skips Good Friday and Easter Monday, and a start on a weekend counts from the Monday', async () => {
    // Easter 2026 is 5 April: Good Friday 3 April, Easter Monday 6 April.
    expect(await addBusinessDays('2026-04-02', 1)).toBe('2026-04-07');
    expect(await addBusinessDays('2026-03-28', 1)).toBe('2026-03-30');
  });

  it('gives the action plan due date as the weekdays that are not holidays, counted one by one', async () => {
    const holidays = new Set(
      (await t.db.q<{ day: string }>('select day::text as day from public.public_holidays')).map(
        (r) => r.day,
      ),
    );
    for (const start of ['2026-01-15', '2026-03-20', '2026-11-25', '2027-12-01']) {
      const day = new Date(`${start}T00:00:00Z`);
      let left = ACTION_PLAN_BUSINESS_DAYS;
      while (left > 0) {
        day.setUTCDate(day.getUTCDate() + 1);
        const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
        if (!weekend && !holidays.has(day.toISOString().slice(0, 10))) left -= 1;
      }
      expect(await addBusinessDays(start, ACTION_PLAN_BUSINESS_DAYS), start).toBe(
        day.toISOString().slice(0, 10),
      );
    }
  });

  it('spec 001 §4: the domain rule (addBusinessDays, businessDaysLeft) gives the dates the SQL function gives', async () => {
    const holidays = new Set(
      (await t.db.q<{ day: string }>('select day::text as day from public.public_holidays')).map(
        (r) => r.day,
      ),
    );
    // Every day of two Christmas-to-Easter stretches as a start, and counts from 0 to past 65.
    const starts = Array.from({ length: 140 }, (_, i) => addDaysToWireDate('2025-12-15', i)).concat(
      Array.from({ length: 40 }, (_, i) => addDaysToWireDate('2027-03-10', i)),
    );
    const counts = [0, 1, 2, 5, 20, ACTION_PLAN_BUSINESS_DAYS];
    const rows = await t.db.q<{ start: string; days: number; due: string }>(
      `select s::text as start, d as days, public.add_business_days(s, d)::text as due
         from unnest($1::date[]) s cross join unnest($2::int[]) d`,
      [starts, counts],
    );
    expect(rows).toHaveLength(starts.length * counts.length);
    for (const { start, days, due } of rows) {
      expect(addBusinessDaysHere(start, days, holidays), `${start} + ${days}`).toBe(due);
      if (days > 0) expect(businessDaysLeft(start, due, holidays), `${start} → ${due}`).toBe(days);
    }
  });

  it('follows the table: a holiday the back office adds moves the date', async () => {
    const before = await addBusinessDays('2026-06-01', 3);
    expect(before).toBe('2026-06-04');
    await t.db.q(
      `insert into public.public_holidays (day, name) values ('2026-06-03', 'A day added by hand')`,
    );
    expect(await addBusinessDays('2026-06-01', 3)).toBe('2026-06-05');
    await t.db.q(`delete from public.public_holidays where day = '2026-06-03'`);
  });

  it('holds the national holidays of each year from 2024 to 2035, none on a weekend unobserved', async () => {
    const rows = await t.db.q<{ year: number; n: number }>(
      `select extract(year from day)::int as year, count(*)::int as n from public.public_holidays group by 1 order by 1`,
    );
    expect(rows.map((r) => r.year)).toEqual(Array.from({ length: 12 }, (_, i) => 2024 + i));
    for (const { year, n } of rows) expect(n, String(year)).toBeGreaterThanOrEqual(7);
    // Every holiday that falls on a weekend (except Anzac Day) has an observed weekday.
    const unobserved = await t.db.q<{ day: string; name: string }>(
      `select h.day::text as day, h.name from public.public_holidays h
        where extract(isodow from h.day) >= 6 and h.name not like 'Anzac%' and h.name not like '%(observed)'
          and not exists (select 1 from public.public_holidays o
                           where o.name = h.name || ' (observed)' and o.day between h.day and h.day + 3)`,
    );
    expect(unobserved).toEqual([]);
  });
});
