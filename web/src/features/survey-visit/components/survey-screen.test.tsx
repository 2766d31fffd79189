import {
  addDaysToWireDate,
  formatCertificateDue,
  formatDisplayDate,
  portalToday,
  SURVEY_CONFIRMATIONS,
} from '@portal/domain';
import {
  createAccreditation,
  createResponse,
  createStandards,
  createSurveyVisit,
} from '@portal/testkit/assessment-factories';
import {
  addPracticeRole,
  createAssessment,
  createDocument,
  createPractice,
  createUser,
} from '@portal/testkit/factories';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';

/**
 * A survey visit indicator on the real stack (engine, actions, database), each test with its own
 * practice, surveyor and standards: compliance from the ticks with both confirmations, the
 * non-compliance and risk with the critical confirmation and the matrix, and per-field saving.
 */
describe('the survey visit indicator on the real stack', () => {
  const stack = useRealStack();

  /** A practice with a survey visit IN_PROGRESS, its surveyor (signed), one indicator of two must-haves and an optional item. */
  async function surveyInProgress() {
    const practice = await createPractice(stack.sql);
    const surveyor = await createUser(stack.sql, {
      firstName: 'Sam',
      lastName: 'Surveyor',
      isSurveyor: true,
    });
    await addPracticeRole(stack.sql, practice.id, surveyor.id, 'SU');
    const standards = await createStandards(stack.sql, {
      indicators: [{ questions: [[true, false], [true]] }],
    });
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
      status: 'IN_PROGRESS',
    });
    // The surveyor has signed the confidentiality agreement (its modal has its own tests).
    await stack.sql.query(
      `insert into confidentiality_signs (assessment_id, user_id, agreement_version) values ($1, $2, 'test')`,
      [id, surveyor.id],
    );
    const indicatorId = standards.indicatorIds[0]!;
    const path = `/PracticeOverview/${practice.id}/Accreditation/Assessment/${id}/${standards.indicatorSetIds[0]}/${indicatorId}`;
    return { practice, surveyor, id, indicatorId, path };
  }

  const stored = async (id: number) =>
    (
      await stack.sql.query(
        `select compliance, checklists, non_compliance_statement, non_compliance_type, risk_type,
          risk_likelihood, risk_impact, risk_rating from indicator_responses where assessment_id = $1`,
        [id],
      )
    ).rows[0];
  const item = (question: number, n: number) =>
    within(screen.getByText(`${question}. Question ${question}?`).parentElement!).getByRole('checkbox', {
      name: new RegExp(`Item ${n}`),
    });

  it('sets Met from the must-haves, asks before unsetting it and restores the ticks when declined', async () => {
    const { surveyor, id, path } = await surveyInProgress();
    await renderAppOnStack(stack, path, { as: surveyor });
    const compliance = await screen.findByRole('radiogroup', { name: 'Compliance' }, { timeout: 15_000 });
    // Met is never a choice: it comes from the ticks.
    expect(within(compliance).getByRole('radio', { name: 'Met' }).hasAttribute('disabled')).toBe(true);
    const user = userEvent.setup();
    await user.click(item(1, 1));
    await user.click(item(1, 2));
    expect(
      within(compliance).getByRole('radio', { name: 'Met' }).getAttribute('aria-checked') ?? '',
    ).not.toBe('true');
    await user.click(item(2, 1));
    // Nothing to lose: Met at once, no question asked.
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect((within(compliance).getByRole('radio', { name: 'Met' }) as HTMLInputElement).checked).toBe(true),
    );
    await waitFor(async () => expect((await stored(id)).compliance).toBe('MET'), { timeout: 10_000 });

    // Unticking a must-have while Met asks first; Cancel leaves the ticks and Met exactly.
    await user.click(item(2, 1));
    const ask = await screen.findByRole('dialog', { name: SURVEY_CONFIRMATIONS.unsetMet.title });
    expect(within(ask).getByText(SURVEY_CONFIRMATIONS.unsetMet.body)).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((item(2, 1) as HTMLInputElement).checked).toBe(true);
    expect((within(compliance).getByRole('radio', { name: 'Met' }) as HTMLInputElement).checked).toBe(true);

    // Confirmed, it becomes Not met with the tick gone.
    await user.click(item(1, 1));
    const again = await screen.findByRole('dialog', { name: SURVEY_CONFIRMATIONS.unsetMet.title });
    await user.click(within(again).getByRole('button', { name: SURVEY_CONFIRMATIONS.unsetMet.confirmLabel }));
    await waitFor(
      async () =>
        expect(await stored(id)).toMatchObject({
          compliance: 'NOT_MET',
          checklists: { '1': { '1': false, '2': true }, '2': { '1': true } },
        }),
      { timeout: 10_000 },
    );
    expect((within(compliance).getByRole('radio', { name: 'Not met' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('spec 001 §4: copied ticks propose Met, which one Confirm Met records without unticking anything', async () => {
    const { surveyor, id, indicatorId, path } = await surveyInProgress();
    // As Add assessment's 'copy the tickboxes from the last assessment' leaves it: ticks, no compliance.
    await createResponse(stack.sql, id, indicatorId, {
      checklists: { '1': { '1': true, '2': false }, '2': { '1': true } },
    });
    await renderAppOnStack(stack, path, { as: surveyor });
    const compliance = await screen.findByRole('radiogroup', { name: 'Compliance' }, { timeout: 15_000 });
    expect(screen.getByText(/Met proposed/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Confirm Met' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect((within(compliance).getByRole('radio', { name: 'Met' }) as HTMLInputElement).checked).toBe(true),
    );
    await waitFor(
      async () =>
        expect(await stored(id)).toMatchObject({
          compliance: 'MET',
          checklists: { '1': { '1': true, '2': false }, '2': { '1': true } },
        }),
      { timeout: 10_000 },
    );
    expect(screen.queryByRole('button', { name: 'Confirm Met' })).toBeNull();
  });

  it('records a Not met with a Critical risk after the critical confirmation, and Met later clears it after asking', async () => {
    const { surveyor, id, path } = await surveyInProgress();
    await renderAppOnStack(stack, path, { as: surveyor });
    const compliance = await screen.findByRole('radiogroup', { name: 'Compliance' }, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.click(within(compliance).getByRole('radio', { name: 'Not met' }));
    await user.type(
      await screen.findByRole('textbox', { name: 'Non-compliance statement' }),
      'No cold chain log for vaccines.',
    );
    await user.click(screen.getByRole('combobox', { name: 'Non-compliance type' }));
    await user.click(await screen.findByRole('option', { name: 'Process', hidden: true }));
    await user.click(screen.getByRole('combobox', { name: 'Risk type' }));
    await user.click(await screen.findByRole('option', { name: 'Patient safety', hidden: true }));
    const likelihood = screen.getByRole('radiogroup', { name: 'Likelihood' });
    const impact = screen.getByRole('radiogroup', { name: 'Impact' });
    await user.click(within(likelihood).getByRole('radio', { name: 'High' }));
    await user.click(within(impact).getByRole('radio', { name: 'Moderate' }));
    expect(screen.getByText(/^Risk rating:/).textContent).toBe('Risk rating: Major');
    const matrix = screen.getByRole('table', { name: 'Risk matrix' });
    const chosen = () =>
      within(matrix)
        .getAllByRole('cell')
        .filter((cell) => cell.getAttribute('aria-current') === 'true')
        .map((cell) => cell.textContent);
    expect(chosen()).toEqual(['Major, chosen']);
    // High cells are orange.
    for (const cell of within(matrix).getAllByText('Major', { exact: false })) {
      expect(cell.getAttribute('style')).toContain('orange');
    }

    // High likelihood with High impact is Critical: asked first; Cancel keeps Major.
    await user.click(within(impact).getByRole('radio', { name: 'High' }));
    const ask = await screen.findByRole('dialog', { name: SURVEY_CONFIRMATIONS.critical.title });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((within(impact).getByRole('radio', { name: 'Moderate' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(impact).getByRole('radio', { name: 'High' }));
    const confirm = await screen.findByRole('dialog', { name: SURVEY_CONFIRMATIONS.critical.title });
    await user.click(
      within(confirm).getByRole('button', { name: SURVEY_CONFIRMATIONS.critical.confirmLabel }),
    );
    expect(chosen()).toEqual(['Critical, chosen']);
    expect(screen.getByText(/^Risk rating:/).textContent).toBe('Risk rating: Critical');
    await waitFor(
      async () =>
        expect(await stored(id)).toMatchObject({
          compliance: 'NOT_MET',
          non_compliance_statement: 'No cold chain log for vaccines.',
          non_compliance_type: 'Process',
          risk_type: 'Patient safety',
          risk_likelihood: 'HIGH',
          risk_impact: 'HIGH',
          risk_rating: 'CRITICAL',
        }),
      { timeout: 10_000 },
    );
    // Spec 001 §4: the banner asks for the must-haves done, not the non-compliance filled in.
    expect(screen.queryByText(/^This indicator is rated/)).toBeNull();

    // Ticking every must-have now would lose that input: asked, and confirmed it is cleared.
    await user.click(item(1, 1));
    await user.click(item(2, 1));
    const setMet = await screen.findByRole('dialog', { name: SURVEY_CONFIRMATIONS.setMet.title });
    await user.click(within(setMet).getByRole('button', { name: SURVEY_CONFIRMATIONS.setMet.confirmLabel }));
    await waitFor(
      async () =>
        expect(await stored(id)).toEqual({
          compliance: 'MET',
          checklists: { '1': { '1': true }, '2': { '1': true } },
          non_compliance_statement: null,
          non_compliance_type: null,
          risk_type: null,
          risk_likelihood: null,
          risk_impact: null,
          risk_rating: null,
        }),
      { timeout: 10_000 },
    );
    expect(screen.queryByRole('table', { name: 'Risk matrix' })).toBeNull();
  });

  it("saves each field on its own: another surveyor's risk type stays when this one sets the likelihood", async () => {
    const { surveyor, id, indicatorId, path, practice } = await surveyInProgress();
    const other = await createUser(stack.sql, { firstName: 'Olive', lastName: 'Other', isSurveyor: true });
    await addPracticeRole(stack.sql, practice.id, other.id, 'SU');
    await createResponse(stack.sql, id, indicatorId, { compliance: 'NOT_MET' });
    await renderAppOnStack(stack, path, { as: surveyor });
    const likelihood = await screen.findByRole('radiogroup', { name: 'Likelihood' }, { timeout: 15_000 });
    // The other surveyor's answer arrives live while this one is on the indicator.
    await stack.sql.query(
      `update indicator_responses set risk_type = 'Privacy', last_updated_by_id = $2 where assessment_id = $1`,
      [id, other.id],
    );
    await waitFor(
      () =>
        expect((screen.getByRole('combobox', { name: 'Risk type' }) as HTMLInputElement).value).toBe(
          'Privacy',
        ),
      { timeout: 10_000 },
    );
    await userEvent.click(within(likelihood).getByRole('radio', { name: 'Low' }));
    await waitFor(
      async () =>
        expect(await stored(id)).toMatchObject({
          risk_type: 'Privacy',
          risk_likelihood: 'LOW',
          risk_rating: null,
        }),
      { timeout: 10_000 },
    );
  });

  it("issue 32: shows the surveyor each document's evidence state with its date, the indicator's window and the count", async () => {
    const { surveyor, id, indicatorId, path, practice } = await surveyInProgress();
    const today = portalToday();
    // The indicator asks for evidence from the last 12 months (docs/decisions/evidence.md#look-back).
    await stack.sql.query('update indicators set evidence_lookback_months = 12 where id = $1', [indicatorId]);
    const response = await createResponse(stack.sql, id, indicatorId);
    const old = addDaysToWireDate(today, -430);
    await createDocument(stack.sql, practice.id, {
      name: 'Practice information sheet.pdf',
      indicator_response_id: response,
      effective_date: old,
    });
    const soon = addDaysToWireDate(today, 5);
    await createDocument(stack.sql, practice.id, {
      name: 'Fee schedule.pdf',
      indicator_response_id: response,
      effective_date: addDaysToWireDate(today, -20),
      review_date: soon,
    });
    await renderAppOnStack(stack, path, { as: surveyor });
    const heading = await screen.findByRole('heading', { name: 'Evidence' }, { timeout: 15_000 });
    expect(
      within(heading.closest('.mantine-Alert-root') as HTMLElement).getByText(
        '1 indicator has evidence out of date (past its review date or too old for the indicator)',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('Evidence from the last 12 months')).toBeTruthy();
    // The window's last day is a year after the effective date; the review date is the other's.
    const lastDay = new Date(`${old}T00:00:00Z`);
    lastDay.setUTCFullYear(lastDay.getUTCFullYear() + 1);
    const windowEnd = lastDay.toISOString().slice(0, 10);
    const row = (name: string) => screen.getByRole('button', { name: `Download ${name}` }).closest('li')!;
    expect(
      within(row('Practice information sheet.pdf')).getByText(
        `Overdue since ${formatDisplayDate(windowEnd)}`,
      ),
    ).toBeTruthy();
    expect(within(row('Fee schedule.pdf')).getByText(`Due soon: ${formatDisplayDate(soon)}`)).toBeTruthy();
  });

  it('issue 32: shows an approved survey its certificate clock, 20 business days from the approval', async () => {
    const { surveyor, id, path } = await surveyInProgress();
    await stack.sql.query(`update assessments set status = 'APPROVED' where id = $1`, [id]);
    const approvedAt = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await stack.sql.query(
      `insert into assessment_status_changes (assessment_id, from_status, to_status, changed_at)
       values ($1, 'UNDER_REVIEW', 'APPROVED', $2)`,
      [id, approvedAt],
    );
    const { rows } = await stack.sql.query<{ day: string }>('select day::text as day from public_holidays');
    const expected = formatCertificateDue(approvedAt, portalToday(), new Set(rows.map((r) => r.day)));
    await renderAppOnStack(stack, path, { as: surveyor });
    expect(await screen.findByText(expected!.text, {}, { timeout: 15_000 })).toBeTruthy();
  });
});
