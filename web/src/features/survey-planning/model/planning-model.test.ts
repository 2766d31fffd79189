import { describe, expect, it } from 'vitest';
import { buildDaysGrid, daysBetween } from './days-grid.ts';
import { offerCandidates } from './offer-candidates.ts';
import { readPlanningFilter, writePlanningFilter } from './planning-filter.ts';

describe('the planning filters in the URL', () => {
  it('round-trips the filters and drops what is malformed', () => {
    const filter = { state: 'VIC', qamId: 7, dueMonth: '2027-03', status: 'TO_PLAN', visitId: 12 };
    expect(readPlanningFilter(writePlanningFilter(filter))).toEqual(filter);
    expect(writePlanningFilter(filter).toString()).toBe(
      'state=VIC&qam=7&month=2027-03&status=TO_PLAN&visit=12',
    );
    expect(
      readPlanningFilter(new URLSearchParams('state=<b>&qam=-1&month=2027-13&status=PARTY&visit=x')),
    ).toEqual({ state: null, qamId: null, dueMonth: null, status: null, visitId: null });
  });
});

describe('the days side by side', () => {
  it('lists every day of the period with each surveyor\u2019s answer, and days stated outside it', () => {
    expect(daysBetween('2027-02-27', '2027-03-02')).toEqual([
      '2027-02-27',
      '2027-02-28',
      '2027-03-01',
      '2027-03-02',
    ]);
    const people = [
      { userId: 1, name: 'A' },
      { userId: 2, name: 'B' },
    ];
    const grid = buildDaysGrid({ from: '2027-03-01', to: '2027-03-03' }, people, [
      { userId: 1, day: '2027-03-02', available: true, reason: null },
      { userId: 2, day: '2027-03-02', available: true, reason: null },
      { userId: 2, day: '2027-03-03', available: false, reason: 'Court' },
      { userId: 1, day: '2027-04-01', available: true, reason: null },
    ]);
    expect(grid.map((d) => d.day)).toEqual(['2027-03-01', '2027-03-02', '2027-03-03', '2027-04-01']);
    expect(grid[0]!.answers).toEqual([null, null]);
    expect(grid[1]).toMatchObject({ label: '02/03/2027', allAvailable: true });
    expect(grid[2]!.answers).toEqual([null, { available: false, reason: 'Court' }]);
    expect(grid[2]!.allAvailable).toBe(false);
  });
});

describe('the offer panel order', () => {
  it('puts conflicted surveyors last, then prefers the state, a needed GP and a light load', () => {
    const person = (userId: number, name: string, extra: Record<string, unknown> = {}) => ({
      userId,
      name,
      homeState: 'VIC',
      isGp: false,
      load: 0,
      conflictReason: null,
      visitorStatus: null,
      declineReason: null,
      isLead: false,
      active: true,
      ...extra,
    });
    const visit = {
      state: 'NSW',
      needsGpSurveyor: true,
      surveyors: [
        person(1, 'Ann', { conflictReason: 'Worked there', homeState: 'NSW' }),
        person(2, 'Ben', { homeState: 'NSW', load: 3 }),
        person(3, 'Cat', { homeState: 'NSW', load: 1 }),
        person(4, 'Dev', { homeState: 'NSW', isGp: true, load: 5 }),
        person(5, 'Eve'),
        person(6, 'Fay', { visitorStatus: 'OFFERED' }),
        person(7, 'Gus', { active: false }),
      ],
    } as unknown as Parameters<typeof offerCandidates>[0];
    expect(offerCandidates(visit).map((s) => s.name)).toEqual(['Dev', 'Cat', 'Ben', 'Eve', 'Ann']);
  });
});
