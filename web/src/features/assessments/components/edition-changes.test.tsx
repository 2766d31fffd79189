import { EDITION_CHANGES_MESSAGES, MOVED_ASSESSMENT_MESSAGES, PRACTICE_MOVE_MESSAGES } from '@portal/domain';
import { createAccreditation } from '@portal/testkit/assessment-factories';
import { createMappedEditions } from '@portal/testkit/edition-factories';
import {
  addPracticeRole,
  createAssessment,
  createPractice,
  createUser,
  insertRow,
} from '@portal/testkit/factories';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAppOnStack, SCREEN_READY_TIMEOUT_MS, useRealStack } from '../../../test/stack-harness.tsx';

/**
 * "What changes for us" on the Accreditation tab (issue 30), on the real stack: a practice
 * answering an older edition, a newer published edition mapped from it with one row of each kind.
 */
describe('What changes for us', () => {
  const stack = useRealStack();

  async function practiceOnOlderEdition(name: string) {
    const editions = await createMappedEditions(stack.sql);
    const practice = await createPractice(stack.sql, { name });
    const pm = await createUser(stack.sql, { firstName: 'Pat', lastName: 'Manager' });
    await addPracticeRole(stack.sql, practice.id, pm.id, 'PM');
    const accreditationId = await createAccreditation(stack.sql, practice.id, {
      surveyVersionId: editions.older.id,
      isFirstView: false,
    });
    await stack.sql.query('update practices set is_staff_first_view = false where organisation_id = $1', [
      practice.id,
    ]);
    const assessment = await createAssessment(stack.sql, accreditationId);
    const answer = (code: string, columns: Record<string, unknown>) =>
      insertRow(stack.sql, 'indicator_responses', {
        assessment_id: assessment.id,
        indicator_id: editions.older.indicators[code],
        checklists: '{}',
        ...columns,
      });
    await answer('A1', { compliance: 'NOT_MET' });
    await answer('A3', { compliance: 'NOT_APPLICABLE' });
    await answer('A4', { is_marked_complete: true });
    await answer('A5', { compliance: 'NOT_APPLICABLE' });
    return { editions, practice, pm };
  }

  /** The practice's Accreditation tab as `who`: the note (a region named by its title), then its dialog. */
  async function openWhatChanges(
    practiceId: number,
    newerCode: string,
    who: { email: string; password: string },
  ) {
    await renderAppOnStack(stack, `/PracticeOverview/${practiceId}/Accreditation`, { as: who });
    const notice = await screen.findByRole(
      'region',
      { name: `Edition ${newerCode} is published` },
      { timeout: SCREEN_READY_TIMEOUT_MS },
    );
    await userEvent.click(within(notice).getByRole('button', { name: EDITION_CHANGES_MESSAGES.button }));
    return screen.findByRole('dialog', { name: EDITION_CHANGES_MESSAGES.title }, { timeout: 15_000 });
  }

  it('opens from the Accreditation tab and lists what is new, changed, retired and carried, with a PDF', async () => {
    const { editions, practice, pm } = await practiceOnOlderEdition('Bayside Medical Centre');
    const dialog = await openWhatChanges(practice.id, editions.newer.code, pm);
    const group = async (name: RegExp) => within(await within(dialog).findByRole('region', { name }));
    const newer = await group(/^New \(1\)/);
    expect(newer.getByText('B4')).toBeTruthy();
    expect(newer.getByText('Indicator B4')).toBeTruthy();
    const changed = await group(/^Changed \(3\)/);
    // A3 N/A and A4 marked complete disagree: nothing is carried to B3.
    expect(changed.getByText(/From A3 \+ A4 · The older answers differ/)).toBeTruthy();
    expect(changed.getAllByText(/From A2 · Not answered yet: no answer to carry/)).toHaveLength(2);
    const retired = await group(/^Retired \(1\)/);
    expect(retired.getByText('The answer stays with the older assessment.')).toBeTruthy();
    const carried = await group(/^Carried \(1\)/);
    expect(carried.getByText(/From A1 · The answer is carried/)).toBeTruthy();
    // The counts, as a list.
    const counts = within(dialog).getByRole('list', { name: 'Counts' });
    expect(counts.textContent).toBe('New1Changed3Retired1Carried1');
    // The practice reads it; moving is the back office's.
    expect(within(dialog).queryByRole('button', { name: /^Move to / })).toBeNull();

    // The PDF: the browser's half of a download is the blob URL and the link the app clicks.
    const saved: string[] = [];
    const createObjectURL = vi.fn(() => 'blob:what-changes');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (this.download) saved.push(this.download);
    });
    try {
      await userEvent.click(within(dialog).getByRole('button', { name: EDITION_CHANGES_MESSAGES.download }));
      await vi.waitFor(() => expect(saved).toEqual([expect.stringMatching(/what-changes-.*\.pdf$/)]), {
        timeout: 15_000,
      });
      const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
      expect(new TextDecoder().decode((await blob.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    } finally {
      click.mockRestore();
    }
  });

  it('shows no button while no newer edition is mapped from the practice’s', async () => {
    const practice = await createPractice(stack.sql);
    const pm = await createUser(stack.sql);
    await addPracticeRole(stack.sql, practice.id, pm.id, 'PM');
    const { newer } = await createMappedEditions(stack.sql);
    const accreditationId = await createAccreditation(stack.sql, practice.id, {
      surveyVersionId: newer.id,
      isFirstView: false,
    });
    await stack.sql.query('update practices set is_staff_first_view = false where organisation_id = $1', [
      practice.id,
    ]);
    await createAssessment(stack.sql, accreditationId);
    await renderAppOnStack(stack, `/PracticeOverview/${practice.id}/Accreditation`, { as: pm });
    await screen.findByRole('table', { name: 'Assessments' }, { timeout: SCREEN_READY_TIMEOUT_MS });
    expect(screen.queryByRole('button', { name: EDITION_CHANGES_MESSAGES.button })).toBeNull();
  });

  it('lets the back office move the practice from it, and undo the move', async () => {
    const { editions, practice } = await practiceOnOlderEdition('Harbour Clinic');
    const qam = await createUser(stack.sql, { isQam: true, firstName: 'Quinn', lastName: 'Reviewer' });
    const dialog = await openWhatChanges(practice.id, editions.newer.code, qam);
    await userEvent.click(
      await within(dialog).findByRole('button', {
        name: PRACTICE_MOVE_MESSAGES.move(`Edition ${editions.newer.code}`),
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: PRACTICE_MOVE_MESSAGES.confirmTitle });
    await userEvent.click(
      within(confirm).getByRole('button', { name: PRACTICE_MOVE_MESSAGES.confirmButton }),
    );
    // Moved: the view says so, the tab lists the older assessment as moved beside its copy.
    const undo = await screen.findByRole(
      'button',
      { name: PRACTICE_MOVE_MESSAGES.undo },
      { timeout: 15_000 },
    );
    const table = await screen.findByRole('table', { name: 'Assessments' });
    await vi.waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3), { timeout: 15_000 });
    expect(within(table).getByText(MOVED_ASSESSMENT_MESSAGES.badge)).toBeTruthy();
    const moved = await stack.sql.query(
      'select count(*)::int as n from assessment_moves m join assessments a on a.id = m.from_assessment_id join accreditations acc on acc.id = a.accreditation_id where acc.practice_id = $1 and m.undone_at is null',
      [practice.id],
    );
    expect(moved.rows).toEqual([{ n: 1 }]);

    await userEvent.click(undo);
    await vi.waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2), { timeout: 15_000 });
    expect(within(table).queryByText(MOVED_ASSESSMENT_MESSAGES.badge)).toBeNull();
    expect(
      await screen.findByRole('button', {
        name: PRACTICE_MOVE_MESSAGES.move(`Edition ${editions.newer.code}`),
      }),
    ).toBeTruthy();
  });
});
