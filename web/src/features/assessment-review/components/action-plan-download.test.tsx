import {
  createAccreditation,
  createStandards,
  createSurveyVisit,
} from '@portal/testkit/assessment-factories';
import { addPracticeRole, createAssessment, createPractice, createUser } from '@portal/testkit/factories';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';
import { ACTION_PLAN_DOWNLOADED, REPORT_DOWNLOAD_FAILED } from '../../assessments/index.ts';

/**
 * The action plan report's downloads on the real stack: the Assessments table's action plan badge
 * and the actions panel's 'Action plan' button, with their toasts.
 */
describe('the action plan report download', () => {
  const stack = useRealStack();
  let saved: string[];
  let click: MockInstance;

  beforeEach(() => {
    // The browser's half of a download: the blob URL and the link the app clicks.
    saved = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() });
    click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (this.download) saved.push(this.download);
    });
  });
  afterEach(() => {
    click.mockRestore();
  });

  async function surveyOfPractice(status: string) {
    const practice = await createPractice(stack.sql, { name: 'Bayside Medical Centre' });
    const pm = await createUser(stack.sql, { firstName: 'Pat', lastName: 'Manager' });
    await addPracticeRole(stack.sql, practice.id, pm.id, 'PM');
    const standards = await createStandards(stack.sql, { indicators: [{ questions: [[true]] }, {}] });
    const accreditationId = await createAccreditation(stack.sql, practice.id, {
      surveyVersionId: standards.surveyVersionId,
      isFirstView: false,
    });
    await stack.sql.query('update practices set is_staff_first_view = false where organisation_id = $1', [
      practice.id,
    ]);
    const { id } = await createAssessment(stack.sql, accreditationId, {
      type: 'SURVEY_VISIT',
      survey_visit_id: await createSurveyVisit(stack.sql, accreditationId),
      status,
    });
    return { practice, pm, id, base: `/PracticeOverview/${practice.id}/Accreditation` };
  }

  it('downloads it from the Assessments table’s action plan badge, and says so', async () => {
    const { pm, base } = await surveyOfPractice('ACTION_REQUIRED');
    await renderAppOnStack(stack, base, { as: pm });
    const table = await screen.findByRole('table', { name: 'Assessments' }, { timeout: 15_000 });
    const row = within(table).getAllByRole('row')[1]!;
    await userEvent.click(
      within(row).getByRole('button', { name: 'Download the Survey action plan report, action required' }),
    );
    expect(await screen.findByText(ACTION_PLAN_DOWNLOADED, {}, { timeout: 15_000 })).toBeTruthy();
    expect(saved).toEqual([
      expect.stringMatching(/^bayside-medical-centre-action-plan-\d{4}-\d\d-\d\d\.pdf$/),
    ]);
  });

  it('offers no download to a practice manager while the survey is under review', async () => {
    const { pm, base } = await surveyOfPractice('UNDER_REVIEW');
    await renderAppOnStack(stack, base, { as: pm });
    const table = await screen.findByRole('table', { name: 'Assessments' }, { timeout: 15_000 });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).queryByRole('button', { name: /action plan report/ })).toBeNull();
  });

  it('downloads it from the actions panel’s Action plan button, and says when it cannot', async () => {
    const { pm, id, base } = await surveyOfPractice('APPROVED');
    await renderAppOnStack(stack, `${base}/Assessment/${id}`, { as: pm });
    const panel = await screen.findByRole('region', { name: 'Actions' }, { timeout: 15_000 });
    await userEvent.click(within(panel).getByRole('button', { name: 'Action plan' }));
    expect(await screen.findByText(ACTION_PLAN_DOWNLOADED, {}, { timeout: 15_000 })).toBeTruthy();
    expect(saved).toHaveLength(1);

    // The server refuses once the survey is no longer past review: the failure toast, no file.
    await stack.sql.query(`update assessments set status = 'UNDER_REVIEW' where id = $1`, [id]);
    await userEvent.click(within(panel).getByRole('button', { name: 'Action plan' }));
    expect(await screen.findByText(REPORT_DOWNLOAD_FAILED, {}, { timeout: 15_000 })).toBeTruthy();
    expect(saved).toHaveLength(1);
  });
});
