import { formatMonthLong, SURVEY_OFFER_MESSAGES } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  createAccreditation,
  createPracticeWith,
  createSurveyVisit,
  createUser,
} from '../../../test/factories.ts';
import { renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';

/** Survey Offers on the real stack: the surveyor's offers, accept, decline with a reason, history. */
describe('Survey Offers', () => {
  const stack = useRealStack();

  const dueMonth = async (days: number) =>
    formatMonthLong(
      (await stack.sql.query(`select to_char(public.portal_today() + $1::int, 'YYYY-MM-DD') as d`, [days]))
        .rows[0].d,
    );

  async function offerTo(
    surveyor: { id: number },
    name: string,
    suburb: string,
    status: 'OFFERED' | 'ACCEPTED' = 'OFFERED',
  ) {
    const practice = await createPracticeWith(stack.sql, { name, address: { suburb } });
    const cycle = await createAccreditation(stack.sql, practice.id);
    const visit = await createSurveyVisit(stack.sql, cycle, {
      status: 'PREFERRED_DAYS_REQ',
      dueIn: 40,
      visitors: [{ user: surveyor, status }],
    });
    return { practice, visit };
  }

  it('lists the offers with practice, suburb, due month and type; accepts one and declines one with a reason', async () => {
    const surveyor = await createUser(stack.sql, { isSurveyor: true });
    const harbour = await offerTo(surveyor, 'Harbour Medical', 'Manly');
    const hills = await offerTo(surveyor, 'Hills Family Practice', 'Castle Hill');
    await renderAppOnStack(stack, '/SurveyVisits/Offers', { as: surveyor });

    const waiting = await screen.findByRole(
      'region',
      { name: 'Waiting for your answer' },
      { timeout: 10_000 },
    );
    const harbourRow = (await within(waiting).findByText('Harbour Medical')).closest('tr')!;
    const month = await dueMonth(40);
    expect(within(harbourRow).getByText('Manly')).toBeTruthy();
    expect(within(harbourRow).getByText(month)).toBeTruthy();
    expect(within(harbourRow).getByText('Survey')).toBeTruthy();
    expect(within(harbourRow).getByText('Offered')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Accept the offer of Harbour Medical' }));
    const answered = screen.getByRole('region', { name: 'Answered offers' });
    await waitFor(() => expect(within(answered).getByText('Harbour Medical')).toBeTruthy(), {
      timeout: 10_000,
    });
    const acceptedRow = within(answered).getByText('Harbour Medical').closest('tr')!;
    expect(within(acceptedRow).getByText('Accepted')).toBeTruthy();
    expect(within(acceptedRow).getByRole('link', { name: 'Set Availability' }).getAttribute('href')).toBe(
      `/SurveyVisits/${harbour.visit}/PreferredDays`,
    );

    await user.click(screen.getByRole('button', { name: 'Decline the offer of Hills Family Practice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the offer' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline offer' }));
    expect(await within(dialog).findByText('Say why you decline this offer.')).toBeTruthy();
    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason for declining/ }),
      'On leave that month',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Decline offer' }));
    await waitFor(() => expect(within(answered).getByText('On leave that month')).toBeTruthy(), {
      timeout: 10_000,
    });
    expect(
      within(within(answered).getByText('Hills Family Practice').closest('tr')!).getByText('Declined'),
    ).toBeTruthy();
    expect(await screen.findByText('You have no offers waiting for an answer.')).toBeTruthy();

    const { rows } = await stack.sql.query(
      'select survey_visit_id, status, decline_reason, responded_at is not null as answered from survey_visitors where user_id = $1 order by survey_visit_id',
      [surveyor.id],
    );
    expect(rows).toEqual([
      { survey_visit_id: harbour.visit, status: 'ACCEPTED', decline_reason: null, answered: true },
      {
        survey_visit_id: hills.visit,
        status: 'DECLINED',
        decline_reason: 'On leave that month',
        answered: true,
      },
    ]);
  });

  it('says why an offer cannot be accepted (a declared conflict) and leaves it waiting', async () => {
    const surveyor = await createUser(stack.sql, { isSurveyor: true });
    const { practice } = await offerTo(surveyor, 'Conflicted Clinic', 'Glebe');
    await stack.sql.query(
      `insert into surveyor_conflicts (user_id, practice_id, reason) values ($1, $2, 'Worked there')`,
      [surveyor.id, practice.id],
    );
    await renderAppOnStack(stack, '/SurveyVisits/Offers', { as: surveyor });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Accept the offer of Conflicted Clinic' },
        { timeout: 10_000 },
      ),
    );
    expect(await screen.findByText(SURVEY_OFFER_MESSAGES.conflict('Worked there'))).toBeTruthy();
    const waiting = screen.getByRole('region', { name: 'Waiting for your answer' });
    expect(within(waiting).getByText('Conflicted Clinic')).toBeTruthy();
    const { rows } = await stack.sql.query('select status from survey_visitors where user_id = $1', [
      surveyor.id,
    ]);
    expect(rows).toEqual([{ status: 'OFFERED' }]);
  });

  it('tells someone who is not a surveyor that offers are for surveyors', async () => {
    const manager = await createUser(stack.sql);
    await renderAppOnStack(stack, '/SurveyVisits/Offers', { as: manager });
    expect(
      await screen.findByText(
        "Survey offers are made to surveyors; your account is not a surveyor's.",
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Waiting for your answer' })).toBeNull();
  });
});
