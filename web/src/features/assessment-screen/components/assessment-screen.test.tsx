import {
  ASSESSMENT_MESSAGES,
  addDaysToWireDate,
  portalToday,
  SURVEY_CONFIRMATION_MESSAGES,
} from '@portal/domain';
import {
  createAccreditation,
  createResponse,
  createStandards,
  createSubmission,
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
import { describe, expect, it, vi } from 'vitest';
import { renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';

/**
 * The Accreditation tab and the assessment screen on the real stack (engine, actions, database),
 * each test with its own practice, manager and standards: the first view, the table's locked
 * rows, the filter tabs and their counts in the address, and autosave of the changed fields.
 */
describe('the assessments feature on the real stack', () => {
  const stack = useRealStack();

  async function practiceWithManager(options: { firstView?: boolean } = {}) {
    const practice = await createPractice(stack.sql);
    const pm = await createUser(stack.sql, {
      firstName: 'Pat',
      lastName: 'Manager',
    });
    await addPracticeRole(stack.sql, practice.id, pm.id, 'PM');
    const standards = await createStandards(stack.sql, {
      indicators: [{ questions: [[true, false]] }, { questions: [[true], [false, false]] }, {}],
    });
    const accreditationId = await createAccreditation(stack.sql, practice.id, {
      surveyVersionId: standards.surveyVersionId,
      isFirstView: options.firstView ?? false,
      selfAssessmentDue: '2030-03-01',
    });
    // The practice's current cycle is the one the overview and the first view read.
    await stack.sql.query('update practices set is_staff_first_view = false where organisation_id = $1', [
      practice.id,
    ]);
    return { practice, pm, standards, accreditationId };
  }

  describe('the Accreditation tab', () => {
    it('starts the self assessment from the first view (Step 3) and opens it', async () => {
      const { practice, pm, accreditationId } = await practiceWithManager({ firstView: true });
      const view = await renderAppOnStack(stack, `/PracticeOverview/${practice.id}/Accreditation`, {
        as: pm,
      });
      expect(await screen.findByText('Step 3', {}, { timeout: 15_000 })).toBeTruthy();
      expect(screen.getByText('Due 01/03/2030')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Start Self Assessment' }));
      await screen.findByRole('heading', { name: 'Commence the Self Assessment' }, { timeout: 15_000 });
      const { rows } = await stack.sql.query(
        `select a.id, acc.is_first_view from assessments a join accreditations acc on acc.id = a.accreditation_id
        where acc.id = $1 and a.type = 'PRESURVEY'`,
        [accreditationId],
      );
      expect(rows).toEqual([{ id: expect.any(Number), is_first_view: false }]);
      expect(view.path()).toBe(`/PracticeOverview/${practice.id}/Accreditation/Assessment/${rows[0].id}`);
    });

    it('lists the assessments with their badges, and locks a self assessment under review for its manager, saying why', async () => {
      const { practice, pm, accreditationId } = await practiceWithManager();
      const { id } = await createAssessment(stack.sql, accreditationId, {
        status: 'UNDER_REVIEW',
        due_date: '2030-02-01',
      });
      await createSubmission(stack.sql, id, pm.id);
      const view = await renderAppOnStack(stack, `/PracticeOverview/${practice.id}/Accreditation`, {
        as: pm,
      });
      const table = await screen.findByRole('table', { name: 'Assessments' }, { timeout: 15_000 });
      const row = within(table).getAllByRole('row')[1]!;
      expect(within(row).getByText('under review')).toBeTruthy();
      expect(within(row).getByText('01/02/2030')).toBeTruthy();
      // No link to open it; the lock names the reason (a tooltip on hover and focus).
      expect(within(row).queryByRole('link', { name: 'Self Assessment' })).toBeNull();
      expect(
        within(row).getByRole('button', {
          name: `Self Assessment is locked: ${ASSESSMENT_MESSAGES.lockedRow.selfUnderReview}`,
        }),
      ).toBeTruthy();
      // Opening it by its address sends the manager back to the tab.
      await view.router.navigate(`/PracticeOverview/${practice.id}/Accreditation/Assessment/${id}`);
      await waitFor(() => expect(view.path()).toBe(`/PracticeOverview/${practice.id}/Accreditation`), {
        timeout: 15_000,
      });
    });

    it('downloads the survey confirmation form of a visit it was sent for, and links to confirming it', async () => {
      const { practice, pm, accreditationId } = await practiceWithManager();
      const visitId = await createSurveyVisit(stack.sql, accreditationId);
      await stack.sql.query(
        `update survey_visits set status = 'FINAL', date = '2030-05-20', confirmation_form_status = 'SENT'
          where id = $1`,
        [visitId],
      );
      await createAssessment(stack.sql, accreditationId, {
        type: 'SURVEY_VISIT',
        survey_visit_id: visitId,
        status: 'CERTIFIED',
      });
      // The browser's half of a download: the blob URL and the link the app clicks.
      const saved: string[] = [];
      const createObjectURL = vi.fn(() => 'blob:confirmation');
      Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        if (this.download) saved.push(this.download);
      });
      try {
        await renderAppOnStack(stack, `/PracticeOverview/${practice.id}/Accreditation`, { as: pm });
        const table = await screen.findByRole('table', { name: 'Assessments' }, { timeout: 15_000 });
        const row = within(table).getAllByRole('row')[1]!;
        expect(within(row).getByRole('link', { name: 'Awaiting confirmation' }).getAttribute('href')).toBe(
          `/Practice/SurveyConfirmation/${practice.id}`,
        );
        await userEvent.click(
          within(row).getByRole('button', { name: 'Download the Survey confirmation form' }),
        );
        expect(
          await screen.findByText(SURVEY_CONFIRMATION_MESSAGES.downloadSucceeded, {}, { timeout: 15_000 }),
        ).toBeTruthy();
        expect(saved).toEqual([expect.stringMatching(/-survey-confirmation-2030-05-20\.pdf$/)]);
        const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
        expect(blob.type).toBe('application/pdf');
        expect(new TextDecoder().decode((await blob.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
      } finally {
        click.mockRestore();
      }
    });

    it("says 'No Assessments available' when there are none", async () => {
      const { practice, pm } = await practiceWithManager();
      await renderAppOnStack(stack, `/PracticeOverview/${practice.id}/Accreditation`, { as: pm });
      expect(
        await screen.findByText(ASSESSMENT_MESSAGES.noAssessments, {}, { timeout: 15_000 }),
      ).toBeTruthy();
    });
  });

  describe('the assessment screen', () => {
    it('counts each filter tab and keeps the tab and the expanded set in the address', async () => {
      const { practice, pm, standards, accreditationId } = await practiceWithManager();
      const { id } = await createAssessment(stack.sql, accreditationId);
      const [first, second] = standards.indicatorIds as [number, number, number];
      await createResponse(stack.sql, id, first, {
        is_marked_complete: true,
        checklists: { '1': { '1': true } },
      });
      await createResponse(stack.sql, id, second, { compliance: 'NOT_APPLICABLE' });
      const view = await renderAppOnStack(
        stack,
        `/PracticeOverview/${practice.id}/Accreditation/Assessment/${id}`,
        {
          as: pm,
        },
      );
      const tabs = await screen.findByRole('tablist', { name: 'Filter indicators' }, { timeout: 15_000 });
      const names = within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent);
      expect(names).toEqual(['All3', 'N/A1', 'Marked complete1', 'Incomplete1']);
      await userEvent.click(within(tabs).getByRole('tab', { name: /Marked complete/ }));
      expect(view.search()).toBe('?filter=COMPLETE');
      await userEvent.click(await screen.findByRole('button', { name: /Standard 1/ }));
      expect(await screen.findByRole('button', { name: /^C1\.1/ })).toBeTruthy();
      expect(screen.queryByRole('button', { name: /^C1\.2/ })).toBeNull();
      // The expanded set follows in the address, without a history entry per click.
      expect(view.path()).toBe(
        `/PracticeOverview/${practice.id}/Accreditation/Assessment/${id}/${standards.indicatorSetIds[0]}`,
      );
      expect(view.search()).toBe('?filter=COMPLETE');
    });

    it('spec 001 §2: the summary says how many indicators have evidence past its review date', async () => {
      const { practice, pm, standards, accreditationId } = await practiceWithManager();
      const { id } = await createAssessment(stack.sql, accreditationId);
      const [first, second, third] = standards.indicatorIds as [number, number, number];
      const today = portalToday();
      const evidence = async (indicator: number, reviews: (string | null)[]) => {
        const response = await createResponse(stack.sql, id, indicator);
        for (const review_date of reviews)
          await createDocument(stack.sql, practice.id, {
            indicator_response_id: response,
            effective_date: addDaysToWireDate(today, -800),
            review_date,
          });
      };
      // Two indicators out of date (one with a current document beside the overdue one); one due
      // soon, which is not out of date yet (docs/decisions/evidence.md).
      await evidence(first, [addDaysToWireDate(today, -1)]);
      await evidence(second, [addDaysToWireDate(today, -200), addDaysToWireDate(today, 200)]);
      await evidence(third, [addDaysToWireDate(today, 5), null]);
      await renderAppOnStack(stack, `/PracticeOverview/${practice.id}/Accreditation/Assessment/${id}`, {
        as: pm,
      });
      const heading = await screen.findByRole(
        'heading',
        { name: ASSESSMENT_MESSAGES.commenceHeading },
        { timeout: 15_000 },
      );
      const panel = heading.closest('.mantine-Alert-root') as HTMLElement;
      expect(
        within(panel).getByText(
          '2 indicators have evidence out of date (past its review date or too old for the indicator)',
        ),
      ).toBeTruthy();
    });

    it("says 'Sorry, no indicators found.' under a tab that holds none", async () => {
      const { practice, pm, standards, accreditationId } = await practiceWithManager();
      const { id } = await createAssessment(stack.sql, accreditationId);
      for (const indicatorId of standards.indicatorIds) {
        await createResponse(stack.sql, id, indicatorId, { compliance: 'NOT_APPLICABLE' });
      }
      await renderAppOnStack(
        stack,
        `/PracticeOverview/${practice.id}/Accreditation/Assessment/${id}?filter=INCOMPLETE`,
        {
          as: pm,
        },
      );
      expect(await screen.findByText(ASSESSMENT_MESSAGES.noIndicators, {}, { timeout: 15_000 })).toBeTruthy();
      expect(screen.getByRole('tab', { name: /Incomplete/, selected: true }).textContent).toBe('Incomplete0');
    });

    it('saves only what changed a second after the last edit, with the lock taken and then released', async () => {
      const { practice, pm, standards, accreditationId } = await practiceWithManager();
      const { id } = await createAssessment(stack.sql, accreditationId);
      const indicatorId = standards.indicatorIds[0]!;
      const set = standards.indicatorSetIds[0]!;
      await renderAppOnStack(
        stack,
        `/PracticeOverview/${practice.id}/Accreditation/Assessment/${id}/${set}/${indicatorId}`,
        { as: pm },
      );
      // The screen created the missing responses on open, so the indicator can be saved at once.
      const notes = await screen.findByRole(
        'textbox',
        { name: 'Opportunities for improvement' },
        { timeout: 15_000 },
      );
      const user = userEvent.setup();
      await user.type(notes, 'Share the leaflet online');
      await user.click(screen.getByRole('checkbox', { name: /Item 1/ }));
      await user.click(screen.getByRole('radio', { name: 'Mark complete' }));
      const locks = async () =>
        (await stack.sql.query('select user_id from indicator_locks where assessment_id = $1', [id])).rows;
      await waitFor(async () => expect(await locks()).toEqual([{ user_id: pm.id }]), { timeout: 5000 });
      await screen.findByText('Saved', {}, { timeout: 10_000 });
      const { rows } = await stack.sql.query(
        `select observation, is_marked_complete, compliance, checklists, last_updated_by_id
         from indicator_responses where assessment_id = $1 and indicator_id = $2`,
        [id, indicatorId],
      );
      expect(rows).toEqual([
        {
          observation: 'Share the leaflet online',
          is_marked_complete: true,
          compliance: null,
          checklists: { '1': { '1': true } },
          last_updated_by_id: pm.id,
        },
      ]);
      await waitFor(async () => expect(await locks()).toEqual([]), { timeout: 5000 });
      expect(await screen.findByText('Completed')).toBeTruthy();
    });
  });
});
