import { ACTION_PLAN_MESSAGES, formatDisplayDate } from '@portal/domain';
import {
  createAccreditation,
  createResponse,
  createStandards,
  createSurveyVisit,
} from '@portal/testkit/assessment-factories';
import { addPracticeRole, createAssessment, createPractice, createUser } from '@portal/testkit/factories';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAppOnStack, SCREEN_READY_TIMEOUT_MS, useRealStack } from '../../../test/stack-harness.tsx';

/**
 * 'Action required' and the action plan on the real stack (engine, actions, database), each test
 * with its own practice, people and standards: the reviewer enters the plan and requires action,
 * the practice adds an activity, a surveyor closes the non-conformity, the results panel shows.
 */
describe('the action plan on the real stack', () => {
  const stack = useRealStack();

  /** A survey visit in `status`: indicator 1 Not met (with `plan`), indicator 2 Met; its PM, surveyor and a QAM. */
  async function survey(status: string, plan: string | null) {
    const practice = await createPractice(stack.sql);
    const pm = await createUser(stack.sql, { firstName: 'Pat', lastName: 'Manager' });
    const surveyor = await createUser(stack.sql, {
      firstName: 'Sam',
      lastName: 'Surveyor',
      isSurveyor: true,
    });
    const qam = await createUser(stack.sql, { firstName: 'Quinn', lastName: 'Qam', isQam: true });
    await addPracticeRole(stack.sql, practice.id, pm.id, 'PM');
    await addPracticeRole(stack.sql, practice.id, surveyor.id, 'SU');
    const standards = await createStandards(stack.sql, { indicators: [{}, {}] });
    const accreditationId = await createAccreditation(stack.sql, practice.id, {
      surveyVersionId: standards.surveyVersionId,
      isFirstView: false,
    });
    await stack.sql.query('update practices set is_staff_first_view = false where organisation_id = $1', [
      practice.id,
    ]);
    const visitId = await createSurveyVisit(stack.sql, accreditationId, [
      { userId: surveyor.id, isLead: true },
    ]);
    const { id } = await createAssessment(stack.sql, accreditationId, {
      type: 'SURVEY_VISIT',
      survey_visit_id: visitId,
      status,
    });
    const [first, second] = standards.indicatorIds as [number, number];
    const responseId = await createResponse(stack.sql, id, first, {
      compliance: 'NOT_MET',
      non_compliance_statement: 'No cold chain log.',
      risk_rating: 'HIGH',
      observation: 'Consider a data logger.',
      action_plan: plan,
    });
    await createResponse(stack.sql, id, second, { compliance: 'MET', checklists: { '1': { '1': true } } });
    if (status === 'ACTION_REQUIRED')
      await stack.sql.query(
        `update assessments set action_plan_due = public.portal_today() + 30 where id = $1`,
        [id],
      );
    await stack.sql.query('insert into general_comments (assessment_id, user_id, text) values ($1, $2, $3)', [
      id,
      surveyor.id,
      'The practice keeps good records.',
    ]);
    const { rows } = await stack.sql.query<{ code: string }>('select code from indicators where id = $1', [
      first,
    ]);
    const path = `/PracticeOverview/${practice.id}/Accreditation/Assessment/${id}/${standards.indicatorSetIds[0]}/${first}`;
    return { practice, pm, surveyor, qam, id, responseId, code: rows[0]!.code, path };
  }

  it('the reviewer sees which Not met indicators lack a plan, enters it, and requires action', async () => {
    const w = await survey('UNDER_REVIEW', null);
    await renderAppOnStack(stack, w.path, { as: w.qam });
    const user = userEvent.setup();
    const open = await screen.findByRole(
      'button',
      { name: 'Action required' },
      { timeout: SCREEN_READY_TIMEOUT_MS },
    );
    await user.click(open);
    let dialog = await screen.findByRole('dialog', { name: 'Action required' });
    expect(within(dialog).getByText(ACTION_PLAN_MESSAGES.missingPlansHeading)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: w.code })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Action required' }).hasAttribute('disabled')).toBe(
      true,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.type(screen.getByRole('textbox', { name: 'Action plan' }), 'Log the fridge twice a day.');
    await waitFor(
      async () =>
        expect(
          (await stack.sql.query('select action_plan from indicator_responses where id = $1', [w.responseId]))
            .rows[0],
        ).toEqual({ action_plan: 'Log the fridge twice a day.' }),
      { timeout: 10_000 },
    );
    await user.click(screen.getByRole('button', { name: 'Action required' }));
    dialog = await screen.findByRole('dialog', { name: 'Action required' });
    expect(within(dialog).queryByRole('link')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Action required' }));
    await waitFor(
      async () =>
        expect(
          (await stack.sql.query('select status from assessments where id = $1', [w.id])).rows[0]?.status,
        ).toBe('ACTION_REQUIRED'),
      { timeout: 10_000 },
    );
    // The screen reads the assessment again: the results panel, read-only plan.
    const results = await screen.findByRole('region', { name: 'Survey results' }, { timeout: 10_000 });
    // Due 65 business days on, counted by the one rule (docs/decisions/evidence.md).
    expect(
      await within(results).findByText(/^Action plan: Due \d\d\/\d\d\/\d{4} · 65 business days left$/),
    ).toBeTruthy();
    expect(within(results).getByRole('figure', { name: 'Met and Not met' })).toBeTruthy();
    expect(within(results).getByRole('figure', { name: 'Risk ratings' })).toBeTruthy();
    expect(within(results).getByText('0 of 1 non-conformities closed')).toBeTruthy();
    const plan = await screen.findByRole('textbox', { name: 'Action plan' });
    expect(plan.hasAttribute('readonly')).toBe(true);
  });

  it('the practice reads the plan and adds an activity; it cannot close the non-conformity', async () => {
    const w = await survey('ACTION_REQUIRED', 'Train staff on the cold chain.');
    await renderAppOnStack(stack, w.path, { as: w.pm });
    const user = userEvent.setup();
    const plan = await screen.findByRole(
      'textbox',
      { name: 'Action plan' },
      { timeout: SCREEN_READY_TIMEOUT_MS },
    );
    expect((plan as HTMLTextAreaElement).value).toBe('Train staff on the cold chain.');
    expect(plan.hasAttribute('readonly')).toBe(true);
    const status = screen.getByRole('radiogroup', { name: 'Non-conformity status' });
    expect(within(status).getByRole('radio', { name: 'Closed' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('checkbox', { name: 'Refer to CA' })).toBeNull();
    // The surveyor summary reads, without an edit link: the practice does not change the plan.
    expect(await screen.findByText('The practice keeps good records.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Edit summary/ })).toBeNull();

    const form = screen.getByRole('form', { name: 'Add activity' });
    await user.click(within(form).getByRole('button', { name: 'Add activity' }));
    expect(await within(form).findByText(ACTION_PLAN_MESSAGES.descriptionRequired)).toBeTruthy();
    await user.type(within(form).getByRole('textbox', { name: /Description/ }), 'Cold chain training');
    await user.type(within(form).getByRole('textbox', { name: 'Responsible' }), 'Dr Lee');
    await user.click(within(form).getByRole('button', { name: 'Add activity' }));
    const activities = await screen.findByRole('table', { name: 'Activities' }, { timeout: 10_000 });
    expect(within(activities).getByText('Cold chain training')).toBeTruthy();
    expect(within(activities).getByText('Dr Lee')).toBeTruthy();
    // Opening and closing activities needs changeActionPlan, which a practice manager has not.
    expect(within(activities).queryByRole('button', { name: /^Close activity/ })).toBeNull();
    const { rows } = await stack.sql.query(
      'select description, responsible, status, created_by_id from action_plan_activities where indicator_response_id = $1',
      [w.responseId],
    );
    expect(rows).toEqual([
      { description: 'Cold chain training', responsible: 'Dr Lee', status: 'OPEN', created_by_id: w.pm.id },
    ]);
  });

  it('spec 001 §6: a surveyor closes the non-conformity (may refer it, change the findings); the server stamps the day; the bar counts it', async () => {
    const w = await survey('ACTION_REQUIRED', 'Train staff.');
    await renderAppOnStack(stack, w.path, { as: w.surveyor });
    const user = userEvent.setup();
    const status = await screen.findByRole(
      'radiogroup',
      { name: 'Non-conformity status' },
      { timeout: SCREEN_READY_TIMEOUT_MS },
    );
    // The action plan's holders may refer it to the certification authority too.
    const refer = screen.getByRole('checkbox', { name: 'Refer to CA' });
    expect(refer.hasAttribute('disabled')).toBe(false);
    // Spec 001 §6: changeActionPlan changes the assessment in ACTION_REQUIRED, its findings too.
    expect(screen.getByRole('textbox', { name: 'Non-compliance statement' }).hasAttribute('readonly')).toBe(
      false,
    );
    await user.click(within(status).getByRole('radio', { name: 'Closed' }));
    const { rows } = await stack.sql.query<{ today: string }>('select public.portal_today()::text as today');
    expect(
      await screen.findByText(
        ACTION_PLAN_MESSAGES.closedOn(formatDisplayDate(rows[0]!.today)),
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(
      (
        await stack.sql.query('select non_conformity_status from indicator_responses where id = $1', [
          w.responseId,
        ])
      ).rows[0],
    ).toEqual({ non_conformity_status: 'CLOSED' });
    expect(await screen.findByText('1 of 1 non-conformities closed')).toBeTruthy();

    // The surveyor adds an activity and closes it, stamped as theirs.
    const form = screen.getByRole('form', { name: 'Add activity' });
    await user.type(within(form).getByRole('textbox', { name: /Description/ }), 'Fridge audit');
    await user.click(within(form).getByRole('button', { name: 'Add activity' }));
    const activities = await screen.findByRole('table', { name: 'Activities' }, { timeout: 10_000 });
    await user.click(within(activities).getByRole('button', { name: 'Close activity: Fridge audit' }));
    await waitFor(
      async () =>
        expect(
          (
            await stack.sql.query(
              'select status, closed_by_id, closed_at is not null as stamped from action_plan_activities where indicator_response_id = $1',
              [w.responseId],
            )
          ).rows,
        ).toEqual([{ status: 'CLOSED', closed_by_id: w.surveyor.id, stamped: true }]),
      { timeout: 10_000 },
    );
    expect(
      await within(activities).findByRole('button', { name: 'Reopen activity: Fridge audit' }),
    ).toBeTruthy();
  });
  it('the back office filters Not met by Open, Closed and Refer to CA, live; N/A is hidden', async () => {
    const w = await survey('ACTION_REQUIRED', 'Train staff.');
    await renderAppOnStack(stack, w.path, { as: w.qam });
    const user = userEvent.setup();
    const tabs = await screen.findByRole(
      'tablist',
      { name: 'Filter indicators' },
      { timeout: SCREEN_READY_TIMEOUT_MS },
    );
    expect(within(tabs).queryByRole('tab', { name: /^N\/A/ })).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Filter non-conformities' })).toBeNull();
    await user.click(within(tabs).getByRole('tab', { name: /^Not met/ }));
    const sub = await screen.findByRole('radiogroup', { name: 'Filter non-conformities' });
    await user.click(within(sub).getByRole('radio', { name: 'Closed' }));
    expect(await screen.findByText('Sorry, no indicators found.')).toBeTruthy();
    await user.click(within(sub).getByRole('radio', { name: 'Open' }));
    const refer = await screen.findByRole('checkbox', { name: 'Refer to CA' });
    // Referred, it leaves Open and shows under Refer to CA at once, and is saved.
    await user.click(refer);
    expect(await screen.findByText('Sorry, no indicators found.')).toBeTruthy();
    await user.click(within(sub).getByRole('radio', { name: 'Refer to CA' }));
    expect(await screen.findByText('1 of 2 indicators')).toBeTruthy();
    await waitFor(
      async () =>
        expect(
          (await stack.sql.query('select refer_to_ca from indicator_responses where id = $1', [w.responseId]))
            .rows[0],
        ).toEqual({ refer_to_ca: true }),
      { timeout: 10_000 },
    );
  });
});
