import { ASSESSMENT_MESSAGES, REVIEW_MESSAGES } from '@portal/domain';
import {
  createAccreditation,
  createResponse,
  createStandards,
  createSubmission,
  createSurveyVisit,
} from '@portal/testkit/assessment-factories';
import { addPracticeRole, createAssessment, createPractice, createUser } from '@portal/testkit/factories';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';

/**
 * The review of a survey on the real stack: the 'Review Surveyor Assessment' panel, the
 * reviewer's marks, Approve with its open non-conformities and the 20 % notice, and Reviewed's
 * notification with its history.
 */
describe('the review of a survey on the real stack', () => {
  const stack = useRealStack();

  /** A survey UNDER_REVIEW of five indicators: the first NOT_MET (open), the others MET; its PM and a QAM. */
  async function underReview() {
    const practice = await createPractice(stack.sql);
    const pm = await createUser(stack.sql, { firstName: 'Pat', lastName: 'Manager' });
    await addPracticeRole(stack.sql, practice.id, pm.id, 'PM');
    const surveyor = await createUser(stack.sql, {
      firstName: 'Sam',
      lastName: 'Surveyor',
      isSurveyor: true,
    });
    await addPracticeRole(stack.sql, practice.id, surveyor.id, 'SU');
    const standards = await createStandards(stack.sql, { indicators: [{}, {}, {}, {}, {}] });
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
      status: 'UNDER_REVIEW',
    });
    for (const [i, indicatorId] of standards.indicatorIds.entries()) {
      await createResponse(
        stack.sql,
        id,
        indicatorId,
        i === 0
          ? { compliance: 'NOT_MET', non_compliance_statement: 'No log', non_conformity_status: 'OPEN' }
          : { compliance: 'MET', checklists: { 1: { 1: true } } },
      );
    }
    await createSubmission(stack.sql, id, surveyor.id);
    const qam = await createUser(stack.sql, { isQam: true, firstName: 'Quinn', lastName: 'Reviewer' });
    const path = `/PracticeOverview/${practice.id}/Accreditation/Assessment/${id}`;
    return { practice, pm, qam, id, path, standards };
  }

  it('spec 001 §5: shows the review panel with the 20 % notice; Approve lists the Not met indicator and leads to Action required', async () => {
    const w = await underReview();
    await renderAppOnStack(stack, w.path, { as: w.qam });
    const heading = await screen.findByRole(
      'heading',
      { name: ASSESSMENT_MESSAGES.reviewSurveyorHeading },
      { timeout: 15_000 },
    );
    const panel = heading.closest('[role="alert"], .mantine-Alert-root') as HTMLElement;
    expect(within(panel).getByText('5 of 5 indicators rated')).toBeTruthy();
    expect(within(panel).getByText('4 met, 1 not met')).toBeTruthy();
    expect(within(panel).getByText('1 not met without an action plan')).toBeTruthy();
    expect(await within(panel).findByText(/Sam Surveyor, /)).toBeTruthy();
    await waitFor(() =>
      expect(within(panel).getByText(REVIEW_MESSAGES.repeatAssessment(1, 5, 20))).toBeTruthy(),
    );

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const modal = await screen.findByRole('dialog', { name: 'Approve' });
    const link = within(modal).getByRole('link', { name: 'C1.1' });
    expect(link.getAttribute('href')).toContain(`/${w.standards.indicatorIds[0]}`);
    expect(within(modal).getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(true);
    expect(within(modal).getByText(REVIEW_MESSAGES.repeatAssessment(1, 5, 20))).toBeTruthy();

    // Spec 001 §5: under review the way out is Action required, offered from the modal itself.
    expect(within(modal).getByText(REVIEW_MESSAGES.notMetUnderReviewIntro)).toBeTruthy();
    await user.click(within(modal).getByRole('button', { name: REVIEW_MESSAGES.raiseActionRequired }));
    expect(await screen.findByRole('dialog', { name: 'Action required' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Approve' })).toBeNull());
  }, 60_000);

  it('notifies the practice from Reviewed, shows the detail and the history, and closes', async () => {
    const w = await underReview();
    await renderAppOnStack(stack, w.path, { as: w.qam });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reviewed' }, { timeout: 15_000 }));
    const modal = await screen.findByRole('dialog', { name: REVIEW_MESSAGES.notifyTitle });
    expect(within(modal).getByText(/1 open and 0 closed/)).toBeTruthy();
    await user.click(within(modal).getByRole('button', { name: 'Send' }));
    await within(modal).findByText(REVIEW_MESSAGES.notified([w.pm.email]));
    const table = await within(modal).findByRole('table', { name: 'Review history' });
    expect(within(table).getByText(w.pm.email)).toBeTruthy();
    expect(within(table).getByText('Quinn Reviewer')).toBeTruthy();
    await waitFor(
      () => expect(screen.queryByRole('dialog', { name: REVIEW_MESSAGES.notifyTitle })).toBeNull(),
      {
        timeout: 5000,
      },
    );
    const { rows } = await stack.sql.query(
      'select sent_by_id, sent_to from review_history where assessment_id = $1',
      [w.id],
    );
    expect(rows).toEqual([{ sent_by_id: w.qam.id, sent_to: w.pm.email }]);
  }, 60_000);

  it("gives the reviewer each indicator's Reviewed and Further action required", async () => {
    const w = await underReview();
    const indicatorId = w.standards.indicatorIds[1]!;
    await renderAppOnStack(stack, `${w.path}/${w.standards.indicatorSetIds[0]}/${indicatorId}`, {
      as: w.qam,
    });
    const user = userEvent.setup();
    const reviewed = await screen.findByRole('checkbox', { name: 'Reviewed' }, { timeout: 15_000 });
    await user.click(reviewed);
    await user.click(screen.getByRole('checkbox', { name: 'Further action required' }));
    await waitFor(
      async () => {
        const { rows } = await stack.sql.query(
          'select reviewed, further_action_required from indicator_responses where assessment_id = $1 and indicator_id = $2',
          [w.id, indicatorId],
        );
        expect(rows).toEqual([{ reviewed: true, further_action_required: true }]);
      },
      { timeout: 10_000 },
    );
  }, 60_000);

  it('reopens with a reason: one step back, the reason recorded', async () => {
    const w = await underReview();
    await stack.sql.query(`update assessments set status = 'ACTION_REQUIRED' where id = $1`, [w.id]);
    const admin = await createUser(stack.sql, { isAdmin: true, hasSpecialAccess: true });
    await renderAppOnStack(stack, w.path, { as: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reopen' }, { timeout: 15_000 }));
    const modal = await screen.findByRole('dialog', { name: 'Reopen' });
    await user.click(within(modal).getByRole('button', { name: 'Reopen' }));
    expect(await within(modal).findByText(REVIEW_MESSAGES.reasonRequired)).toBeTruthy();
    await user.type(
      within(modal).getByRole('textbox', { name: 'Reason' }),
      'The action plan was entered on the wrong indicator',
    );
    await user.click(within(modal).getByRole('button', { name: 'Reopen' }));
    await waitFor(async () => {
      const { rows } = await stack.sql.query(
        'select from_status, to_status, reason from assessment_status_changes where assessment_id = $1',
        [w.id],
      );
      expect(rows).toEqual([
        {
          from_status: 'ACTION_REQUIRED',
          to_status: 'UNDER_REVIEW',
          reason: 'The action plan was entered on the wrong indicator',
        },
      ]);
    });
  }, 60_000);
});
