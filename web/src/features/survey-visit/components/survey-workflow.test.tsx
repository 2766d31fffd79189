import {
  AGREEMENT_VERSION,
  CONFIDENTIALITY_AGREEMENT,
  MESSAGES,
  SURVEY_SUBMIT_MESSAGES,
} from '@portal/domain';
import {
  createAccreditation,
  createResponse,
  createStandards,
  createSubmission,
  createSurveyVisit,
} from '@portal/testkit/assessment-factories';
import { addPracticeRole, createAssessment, createPractice, createUser } from '@portal/testkit/factories';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';

/**
 * The survey visit's own steps on the real stack, each test with its own practice, surveyors and
 * standards: the confidentiality agreement, the surveyor summaries, Submit for review with its
 * validation, and the back office's Add assessment.
 */
describe('the survey visit workflow on the real stack', () => {
  const stack = useRealStack();

  async function survey(options: { signed?: boolean; visitors?: number } = {}) {
    const practice = await createPractice(stack.sql);
    const surveyors = [];
    for (let i = 0; i < (options.visitors ?? 1); i++) {
      const s = await createUser(stack.sql, { firstName: `Sam${i}`, lastName: 'Surveyor', isSurveyor: true });
      await addPracticeRole(stack.sql, practice.id, s.id, 'SU');
      surveyors.push(s);
    }
    const standards = await createStandards(stack.sql, { indicators: [{ questions: [[true]] }, {}] });
    const accreditationId = await createAccreditation(stack.sql, practice.id, {
      surveyVersionId: standards.surveyVersionId,
      isFirstView: false,
    });
    await stack.sql.query('update practices set is_staff_first_view = false where organisation_id = $1', [
      practice.id,
    ]);
    const visitId = await createSurveyVisit(
      stack.sql,
      accreditationId,
      surveyors.map((s, i) => ({ userId: s.id, isLead: i === 0 })),
    );
    const { id } = await createAssessment(stack.sql, accreditationId, {
      type: 'SURVEY_VISIT',
      survey_visit_id: visitId,
      status: 'IN_PROGRESS',
    });
    if (options.signed ?? true) {
      for (const s of surveyors) {
        await stack.sql.query(
          'insert into confidentiality_signs (assessment_id, user_id, agreement_version) values ($1, $2, $3)',
          [id, s.id, AGREEMENT_VERSION],
        );
      }
    }
    const base = `/PracticeOverview/${practice.id}/Accreditation`;
    return { practice, surveyors, surveyor: surveyors[0]!, standards, accreditationId, visitId, id, base };
  }

  describe('the confidentiality agreement', () => {
    it('must be signed, both statements ticked, before anything of the assessment shows', async () => {
      const { surveyor, id, base } = await survey({ signed: false });
      await renderAppOnStack(stack, `${base}/Assessment/${id}`, { as: surveyor });
      const dialog = await screen.findByRole(
        'dialog',
        { name: CONFIDENTIALITY_AGREEMENT.title },
        { timeout: 15_000 },
      );
      // Nothing of the assessment is on the screen meanwhile.
      expect(screen.queryByRole('region', { name: 'Indicators' })).toBeNull();
      expect(within(dialog).getByText(/^Conflicts of interest\. In the previous three years/)).toBeTruthy();
      const user = userEvent.setup();
      await user.click(within(dialog).getByRole('button', { name: CONFIDENTIALITY_AGREEMENT.sign }));
      expect(within(dialog).getAllByText(CONFIDENTIALITY_AGREEMENT.required)).toHaveLength(2);
      await user.click(
        within(dialog).getByRole('checkbox', { name: CONFIDENTIALITY_AGREEMENT.statements[0] }),
      );
      expect(within(dialog).getAllByText(CONFIDENTIALITY_AGREEMENT.required)).toHaveLength(1);
      await user.click(within(dialog).getByRole('button', { name: CONFIDENTIALITY_AGREEMENT.sign }));
      const signs = async () =>
        (
          await stack.sql.query(
            'select user_id, agreement_version from confidentiality_signs where assessment_id = $1',
            [id],
          )
        ).rows;
      expect(await signs()).toEqual([]);
      await user.click(
        within(dialog).getByRole('checkbox', { name: CONFIDENTIALITY_AGREEMENT.statements[1] }),
      );
      await user.click(within(dialog).getByRole('button', { name: CONFIDENTIALITY_AGREEMENT.sign }));
      await screen.findByRole('region', { name: 'Indicators' }, { timeout: 15_000 });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(await signs()).toEqual([{ user_id: surveyor.id, agreement_version: AGREEMENT_VERSION }]);
    });

    it('spec 001 §4: is asked of the back office too; a QAM who signs then sees the assessment', async () => {
      const { id, base } = await survey();
      const qam = await createUser(stack.sql, { isQam: true });
      await renderAppOnStack(stack, `${base}/Assessment/${id}`, { as: qam });
      const dialog = await screen.findByRole(
        'dialog',
        { name: CONFIDENTIALITY_AGREEMENT.title },
        { timeout: 15_000 },
      );
      const user = userEvent.setup();
      for (const statement of CONFIDENTIALITY_AGREEMENT.statements)
        await user.click(within(dialog).getByRole('checkbox', { name: statement }));
      await user.click(within(dialog).getByRole('button', { name: CONFIDENTIALITY_AGREEMENT.sign }));
      await waitFor(async () =>
        expect(
          (
            await stack.sql.query(
              'select user_id from confidentiality_signs where assessment_id = $1 and user_id = $2',
              [id, qam.id],
            )
          ).rows,
        ).toEqual([{ user_id: qam.id }]),
      );
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: CONFIDENTIALITY_AGREEMENT.title })).toBeNull(),
      );
    });

    it('cannot be skipped: closing it leaves the assessment', async () => {
      const { surveyor, id, base } = await survey({ signed: false });
      const view = await renderAppOnStack(stack, `${base}/Assessment/${id}`, { as: surveyor });
      const dialog = await screen.findByRole(
        'dialog',
        { name: CONFIDENTIALITY_AGREEMENT.title },
        { timeout: 15_000 },
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Leave the assessment' }));
      await waitFor(() => expect(view.path()).toBe(base));
    });
  });

  it('spec 001 §5: a missing summary opens its modal at once with every other problem as a link; writes it, then submits (partially)', async () => {
    const { surveyor, standards, id, base } = await survey({ visitors: 2 });
    const second = standards.indicatorIds[1]!;
    const view = await renderAppOnStack(stack, `${base}/Assessment/${id}`, { as: surveyor });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Submit for review' }, { timeout: 15_000 }));
    const form = await screen.findByRole('dialog', { name: 'Submit for review' });
    // Every field is required; hours are numbers only.
    await user.click(within(form).getByRole('button', { name: 'Submit for review' }));
    expect(within(form).getAllByText(MESSAGES.required).length).toBeGreaterThanOrEqual(4);
    expect(within(form).getByText(SURVEY_SUBMIT_MESSAGES.confirmRequired)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/Actual start time/), { target: { value: '08:30' } });
    fireEvent.change(within(form).getByLabelText(/Actual end time/), { target: { value: '16:00' } });
    await user.type(within(form).getByRole('textbox', { name: /Hours worked before the visit/ }), 'two');
    await user.type(within(form).getByRole('textbox', { name: /Hours worked after the visit/ }), '1.5');
    await user.click(within(form).getByRole('checkbox', { name: /I confirm/ }));
    await user.click(within(form).getByRole('button', { name: 'Submit for review' }));
    expect(within(form).getByText(SURVEY_SUBMIT_MESSAGES.hoursFormat)).toBeTruthy();
    await user.clear(within(form).getByRole('textbox', { name: /Hours worked before the visit/ }));
    await user.type(within(form).getByRole('textbox', { name: /Hours worked before the visit/ }), '2');
    await user.click(within(form).getByRole('button', { name: 'Submit for review' }));

    // Spec 001 §5: the summary is missing, so its modal opens at once, the other problems listed too.
    const modal = await screen.findByRole('dialog', { name: 'Surveyor Summary' });
    expect(within(modal).getByText(SURVEY_SUBMIT_MESSAGES.summaryRequired)).toBeTruthy();
    expect(within(modal).getByText(SURVEY_SUBMIT_MESSAGES.alsoBeforeSubmitting)).toBeTruthy();
    expect(
      within(modal).getByRole('button', { name: `C1.1: ${SURVEY_SUBMIT_MESSAGES.noCompliance}` }),
    ).toBeTruthy();
    // A link opens its indicator.
    await user.click(
      within(modal).getByRole('button', { name: `C1.2: ${SURVEY_SUBMIT_MESSAGES.noCompliance}` }),
    );
    await waitFor(() =>
      expect(view.path()).toBe(`${base}/Assessment/${id}/${standards.indicatorSetIds[0]}/${second}`),
    );
    const compliance = await screen.findByRole('radiogroup', { name: 'Compliance' });
    await user.click(within(compliance).getByRole('radio', { name: 'Not applicable' }));

    // Only the summary left after the first indicator: the summary modal opens, saying it is required.
    await user.click(screen.getByRole('button', { name: /^C1\.1/ }));
    await user.click((await screen.findAllByRole('radio', { name: 'Not applicable' }))[0]!);
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    const form2 = await screen.findByRole('dialog', { name: 'Submit for review' });
    fireEvent.change(within(form2).getByLabelText(/Actual start time/), { target: { value: '08:30' } });
    fireEvent.change(within(form2).getByLabelText(/Actual end time/), { target: { value: '16:00' } });
    await user.type(within(form2).getByRole('textbox', { name: /Hours worked before the visit/ }), '2');
    await user.type(within(form2).getByRole('textbox', { name: /Hours worked after the visit/ }), '1.5');
    await user.click(within(form2).getByRole('checkbox', { name: /I confirm/ }));
    await user.click(within(form2).getByRole('button', { name: 'Submit for review' }));
    const summary = await screen.findByRole('dialog', { name: 'Surveyor Summary' });
    expect(within(summary).getByText(SURVEY_SUBMIT_MESSAGES.summaryRequired)).toBeTruthy();
    expect(within(summary).getByRole('textbox', { name: 'Summary' }).getAttribute('rows')).toBe('12');
    await user.type(within(summary).getByRole('textbox', { name: 'Summary' }), 'A well run practice.');
    await user.click(within(summary).getByRole('button', { name: 'Save summary' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const panel = screen.getByRole('region', { name: 'Surveyor Summary' });
    await within(panel).findByText('A well run practice.', {}, { timeout: 10_000 });

    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    const form3 = await screen.findByRole('dialog', { name: 'Submit for review' });
    fireEvent.change(within(form3).getByLabelText(/Actual start time/), { target: { value: '08:30' } });
    fireEvent.change(within(form3).getByLabelText(/Actual end time/), { target: { value: '16:00' } });
    await user.type(within(form3).getByRole('textbox', { name: /Hours worked before the visit/ }), '2');
    await user.type(within(form3).getByRole('textbox', { name: /Hours worked after the visit/ }), '1.5');
    await user.click(within(form3).getByRole('checkbox', { name: /I confirm/ }));
    await user.click(within(form3).getByRole('button', { name: 'Submit for review' }));
    expect(
      await screen.findByText(SURVEY_SUBMIT_MESSAGES.partiallySubmitted, {}, { timeout: 10_000 }),
    ).toBeTruthy();
    const { rows } = await stack.sql.query(
      `select a.status, v.actual_start_time::text, v.actual_end_time::text, v.hours_worked_before_visit::text,
         v.hours_worked_after_visit::text, v.hours_worked_confirmed
       from assessments a join survey_visitors v on v.survey_visit_id = a.survey_visit_id and v.user_id = $2
       where a.id = $1`,
      [id, surveyor.id],
    );
    expect(rows[0]).toMatchObject({ status: 'PARTIALLY_SUBMITTED', hours_worked_confirmed: true });
    expect(rows[0].actual_start_time).toMatch(/^08:30/);
    // The submitter can no longer change findings nor submit again.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull(), {
      timeout: 10_000,
    });
    expect(screen.getByText(/Read only/)).toBeTruthy();
  });

  it("shows the server's refusal in the form: submitted meanwhile from another tab", async () => {
    const { surveyor, standards, id, base } = await survey();
    for (const indicatorId of standards.indicatorIds) {
      await createResponse(stack.sql, id, indicatorId, { compliance: 'NOT_APPLICABLE' });
    }
    await stack.sql.query('insert into general_comments (assessment_id, user_id, text) values ($1, $2, $3)', [
      id,
      surveyor.id,
      'Done.',
    ]);
    await renderAppOnStack(stack, `${base}/Assessment/${id}`, { as: surveyor });
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Indicators' }, { timeout: 15_000 });
    await within(screen.getByRole('region', { name: 'Surveyor Summary' })).findByText(
      'Done.',
      {},
      { timeout: 10_000 },
    );
    // The same surveyor submitted in another tab a moment ago.
    await createSubmission(stack.sql, id, surveyor.id);
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    const form = await screen.findByRole('dialog', { name: 'Submit for review' });
    fireEvent.change(within(form).getByLabelText(/Actual start time/), { target: { value: '08:30' } });
    fireEvent.change(within(form).getByLabelText(/Actual end time/), { target: { value: '16:00' } });
    await user.type(within(form).getByRole('textbox', { name: /Hours worked before the visit/ }), '2');
    await user.type(within(form).getByRole('textbox', { name: /Hours worked after the visit/ }), '1');
    await user.click(within(form).getByRole('checkbox', { name: /I confirm/ }));
    await user.click(within(form).getByRole('button', { name: 'Submit for review' }));
    expect((await within(form).findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(
      SURVEY_SUBMIT_MESSAGES.alreadySubmitted,
    );
    const { rows } = await stack.sql.query('select status from assessments where id = $1', [id]);
    expect(rows).toEqual([{ status: 'IN_PROGRESS' }]);
  });

  it("shows each surveyor's summary live, cut past 500 characters with 'Read more', editable only by its author", async () => {
    const { surveyors, id, base } = await survey({ visitors: 2 });
    const [me, other] = surveyors as [(typeof surveyors)[number], (typeof surveyors)[number]];
    await stack.sql.query('insert into general_comments (assessment_id, user_id, text) values ($1, $2, $3)', [
      id,
      me.id,
      'Mine.',
    ]);
    await renderAppOnStack(stack, `${base}/Assessment/${id}`, { as: me });
    const panel = await screen.findByRole('region', { name: 'Surveyor Summary' }, { timeout: 15_000 });
    await within(panel).findByText('Mine.');
    const long = `${'Thorough records. '.repeat(40)}The end.`;
    await stack.sql.query('insert into general_comments (assessment_id, user_id, text) values ($1, $2, $3)', [
      id,
      other.id,
      long,
    ]);
    const more = await within(panel).findByRole('button', { name: 'Read more' }, { timeout: 10_000 });
    expect(within(panel).queryByText(/The end\./)).toBeNull();
    await userEvent.click(more);
    expect(within(panel).getByText(/The end\./)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Edit summary of Sam0 Surveyor' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Edit summary of Sam1 Surveyor' })).toBeNull();
    // Edit summary opens the user's own, to edit.
    await userEvent.click(screen.getByRole('button', { name: 'Edit summary' }));
    const modal = await screen.findByRole('dialog', { name: 'Edit Summary' });
    expect((within(modal).getByRole('textbox', { name: 'Summary' }) as HTMLTextAreaElement).value).toBe(
      'Mine.',
    );
  });

  it('adds a survey visit assessment from the back office, copying tickboxes by default', async () => {
    const { accreditationId, base } = await survey();
    const visitId = await createSurveyVisit(stack.sql, accreditationId);
    const qam = await createUser(stack.sql, { isQam: true });
    await renderAppOnStack(stack, base, { as: qam });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add assessment' }, { timeout: 15_000 }));
    const modal = await screen.findByRole('dialog', { name: 'Add assessment' });
    expect(
      (
        within(modal).getByRole('checkbox', {
          name: /Copy tickboxes from the last assessment/,
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    expect((within(modal).getByRole('combobox', { name: 'Type' }) as HTMLInputElement).value).toBe('Survey');
    await user.click(within(modal).getByRole('combobox', { name: /Survey visit/ }));
    await user.click(
      await screen.findByRole('option', { name: new RegExp(`^Visit ${visitId}`), hidden: true }),
    );
    await user.click(within(modal).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Gap', hidden: true }));
    await user.click(within(modal).getByRole('button', { name: 'Add assessment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 10_000 });
    const { rows } = await stack.sql.query(
      `select a.status, a.type, v.type as visit_type from assessments a join survey_visits v on v.id = a.survey_visit_id
       where a.survey_visit_id = $1`,
      [visitId],
    );
    expect(rows).toEqual([{ status: 'IN_PROGRESS', type: 'SURVEY_VISIT', visit_type: 'GAP' }]);
  });
});
