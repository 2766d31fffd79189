import type { TPreferredDay } from '@portal/domain';

/** A day the surveyor marked: available, or unavailable with its reason (being typed). */
export interface TDayMark {
  available: boolean;
  reason: string;
}

export type TDayMarks = Record<string, TDayMark>;

/** The stored days as marks. */
export function marksOf(
  days: ReadonlyArray<{ day: string; available: boolean; reason?: string | null }>,
): TDayMarks {
  return Object.fromEntries(days.map((d) => [d.day, { available: d.available, reason: d.reason ?? '' }]));
}

/**
 * A click on a day in the calendar, marking `available` (the chosen kind): an unmarked day takes
 * it; a day already marked so is unmarked; a day of the other kind changes kind.
 */
export function toggleDay(marks: TDayMarks, day: string, available: boolean): TDayMarks {
  const { [day]: current, ...rest } = marks;
  if (current && current.available === available) return rest;
  return { ...rest, [day]: { available, reason: current?.reason ?? '' } };
}

/** The marks as the action takes them, in day order. */
export function daysToSave(
  marks: TDayMarks,
): Array<Pick<TPreferredDay, 'day' | 'available'> & { reason: string | null }> {
  return Object.keys(marks)
    .sort()
    .map((day) => ({
      day,
      available: marks[day]!.available,
      reason: marks[day]!.available ? null : marks[day]!.reason,
    }));
}
