import { formatDisplayDate, formatMonthLong, PREFERRED_DAYS_LOCKS } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  createAccreditation,
  createPracticeWith,
  createSurveyVisit,
  createUser,
} from '../../../test/factories.ts';
import { renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';

/** Preferred days on the real stack: mark available and unavailable days, save, see them again; read-only cases. */
describe('Preferred days', () => {
  const stack = useRealStack();

  const dayIn = async (days: number): Promise<string> =>
    (await stack.sql.query(`select to_char(public.portal_today() + $1::int, 'YYYY-MM-DD') as d`, [days]))
      .rows[0].d;
  const dayLabel = (wire: string) => format(parseISO(wire), 'd MMMM yyyy');

  async function visitFor(
    surveyor: { id: number },
    spec: { dueIn: number; status?: 'PREFERRED_DAYS_REQ' | 'FINAL' },
  ) {
    const practice = await createPracticeWith(stack.sql, {
      name: 'Riverside Clinic',
      address: { suburb: 'Parramatta' },
    });
    const cycle = await createAccreditation(stack.sql, practice.id);
    return createSurveyVisit(stack.sql, cycle, {
      status: spec.status ?? 'PREFERRED_DAYS_REQ',
      dueIn: spec.dueIn,
      visitors: [{ user: surveyor, status: 'OFFERED' }],
    });
  }

  it('shows the visit, marks an available and an unavailable day with its reason, saves them and shows them again', async () => {
    const surveyor = await createUser(stack.sql, { isSurveyor: true });
    const visit = await visitFor(surveyor, { dueIn: 40 });
    const view = await renderAppOnStack(stack, `/SurveyVisits/${visit}/PreferredDays`, { as: surveyor });
    expect(await screen.findByRole('heading', { name: 'Preferred days' }, { timeout: 10_000 })).toBeTruthy();
    expect(
      await screen.findByText(
        `Riverside Clinic, Parramatta · Survey · Preferences due ${formatMonthLong(await dayIn(40))}`,
      ),
    ).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Survey Offers' }).getAttribute('href')).toBe(
      '/SurveyVisits/Offers',
    );
    const [first, second] = [await dayIn(1), await dayIn(2)];
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: dayLabel(first) }));
    await user.click(screen.getByRole('radio', { name: 'Unavailable' }));
    await user.click(screen.getByRole('button', { name: dayLabel(second) }));
    expect(screen.getByRole('button', { name: `${dayLabel(first)}, available` })).toBeTruthy();
    expect(screen.getByRole('button', { name: `${dayLabel(second)}, unavailable` })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save preferred days' }));
    expect(await screen.findByText('Give a reason for each unavailable day.')).toBeTruthy();
    expect(
      (await stack.sql.query('select 1 from preferred_days where user_id = $1', [surveyor.id])).rows,
    ).toEqual([]);

    await user.type(
      screen.getByRole('textbox', { name: new RegExp(`Reason for ${formatDisplayDate(second)}`) }),
      'Another survey',
    );
    await user.click(screen.getByRole('button', { name: 'Save preferred days' }));
    await waitFor(
      async () =>
        expect(
          (
            await stack.sql.query(
              `select to_char(day, 'YYYY-MM-DD') as day, available, reason from preferred_days where user_id = $1 order by day`,
              [surveyor.id],
            )
          ).rows,
        ).toEqual([
          { day: first, available: true, reason: null },
          { day: second, available: false, reason: 'Another survey' },
        ]),
      { timeout: 10_000 },
    );

    // Opened again: the stated days are marked.
    view.unmount();
    await renderAppOnStack(stack, `/SurveyVisits/${visit}/PreferredDays`, { as: surveyor });
    expect(
      await screen.findByRole('button', { name: `${dayLabel(first)}, available` }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: `${dayLabel(second)}, unavailable` })).toBeTruthy();
    expect(
      (
        screen.getByRole('textbox', {
          name: new RegExp(`Reason for ${formatDisplayDate(second)}`),
        }) as HTMLInputElement
      ).value,
    ).toBe('Another survey');
  });

  it('is read-only, saying why, once the due date has passed or the visit is final', async () => {
    const surveyor = await createUser(stack.sql, { isSurveyor: true });
    const passed = await visitFor(surveyor, { dueIn: 0 });
    await stack.sql.query(
      `insert into preferred_days (survey_visit_id, user_id, day, available, reason) values ($1, $2, public.portal_today() - 3, false, 'Leave')`,
      [passed, surveyor.id],
    );
    const view = await renderAppOnStack(stack, `/SurveyVisits/${passed}/PreferredDays`, { as: surveyor });
    expect(await screen.findByText(PREFERRED_DAYS_LOCKS.duePassed, {}, { timeout: 10_000 })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Your stated days' });
    expect(within(table).getByText('Leave')).toBeTruthy();
    expect(within(table).getByText('Unavailable')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save preferred days' })).toBeNull();
    view.unmount();

    const final = await visitFor(surveyor, { dueIn: 40, status: 'FINAL' });
    await renderAppOnStack(stack, `/SurveyVisits/${final}/PreferredDays`, { as: surveyor });
    expect(await screen.findByText(PREFERRED_DAYS_LOCKS.notRequested, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('You have not stated any days for this survey visit.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save preferred days' })).toBeNull();
  });

  it('tells someone who was not offered the visit that it is not theirs', async () => {
    const surveyor = await createUser(stack.sql, { isSurveyor: true });
    const other = await createUser(stack.sql, { isSurveyor: true });
    const visit = await visitFor(other, { dueIn: 40 });
    await renderAppOnStack(stack, `/SurveyVisits/${visit}/PreferredDays`, { as: surveyor });
    expect(
      await screen.findByText(PREFERRED_DAYS_LOCKS.notVisitor, { exact: false }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByText('Riverside Clinic', { exact: false })).toBeNull();
  });
});
