import { formatDisplayDate, NEXT_CYCLE_MESSAGES } from '@portal/domain';
import { createAccreditation } from '@portal/testkit/assessment-factories';
import { createTransition } from '@portal/testkit/edition-factories';
import { addPracticeRole, createAssessment, createPractice, createUser } from '@portal/testkit/factories';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAppOnStack, SCREEN_READY_TIMEOUT_MS, useRealStack } from '../../../test/stack-harness.tsx';

const GROUP = 'Edition of the standards for your next accreditation cycle';

/**
 * The practice manager's choice of edition for the next cycle within a transition window (issue
 * 30), on the Accreditation tab, on the real stack.
 */
describe('the next cycle’s edition on the Accreditation tab', () => {
  const stack = useRealStack();

  async function practiceInWindow(days = { opensIn: -5, closesIn: 30 }) {
    const window = await createTransition(stack.sql, days);
    const practice = await createPractice(stack.sql);
    const pm = await createUser(stack.sql, { firstName: 'Pat', lastName: 'Manager' });
    const surveyor = await createUser(stack.sql, { isSurveyor: true });
    await addPracticeRole(stack.sql, practice.id, pm.id, 'PM');
    await addPracticeRole(stack.sql, practice.id, surveyor.id, 'SU');
    const accreditationId = await createAccreditation(stack.sql, practice.id, {
      surveyVersionId: window.older.id,
      isFirstView: false,
    });
    await stack.sql.query('update practices set is_staff_first_view = false where organisation_id = $1', [
      practice.id,
    ]);
    await createAssessment(stack.sql, accreditationId);
    return { window, practice, pm, surveyor };
  }

  const stored = async (practiceId: number) =>
    (
      await stack.sql.query(
        'select next_cycle_survey_version_id as id from practices where organisation_id = $1',
        [practiceId],
      )
    ).rows[0]!.id as number | null;

  it('lets the practice manager choose with the keyboard, saved at once with a status message', async () => {
    const { window, practice, pm } = await practiceInWindow();
    await renderAppOnStack(stack, `/PracticeOverview/${practice.id}/Accreditation`, { as: pm });
    const group = await screen.findByRole(
      'radiogroup',
      { name: GROUP },
      { timeout: SCREEN_READY_TIMEOUT_MS },
    );
    expect(
      screen.getByText(
        `Choose by ${formatDisplayDate(window.closesOn)}. From the next day, every new cycle uses ${window.newer.code}.`,
      ),
    ).toBeTruthy();
    const older = within(group).getByRole('radio', {
      name: new RegExp(`^${window.older.code}: .*\\(the current edition\\)$`),
    });
    const newer = within(group).getByRole('radio', {
      name: new RegExp(`^${window.newer.code}: .*\\(the newer edition\\)$`),
    });
    expect((older as HTMLInputElement).checked).toBe(true);
    // jsdom lacks CSS.escape, which user-event's arrow keys between radios need: Space on the focused radio.
    newer.focus();
    await userEvent.keyboard(' ');
    const status = await screen.findByRole('status');
    await vi.waitFor(() => expect(status.textContent).toBe(NEXT_CYCLE_MESSAGES.saved(window.newer.code)), {
      timeout: 10_000,
    });
    expect((newer as HTMLInputElement).checked).toBe(true);
    expect(await stored(practice.id)).toBe(window.newer.id);
    await userEvent.click(older);
    await vi.waitFor(() => expect(status.textContent).toBe(NEXT_CYCLE_MESSAGES.saved(window.older.code)), {
      timeout: 10_000,
    });
    expect(await stored(practice.id)).toBe(window.older.id);
  });

  it('says when the window opens before it does', async () => {
    const { window, practice, pm } = await practiceInWindow({ opensIn: 3, closesIn: 30 });
    await renderAppOnStack(stack, `/PracticeOverview/${practice.id}/Accreditation`, { as: pm });
    const note = await screen.findByRole(
      'region',
      { name: 'Edition for your next accreditation cycle' },
      { timeout: SCREEN_READY_TIMEOUT_MS },
    );
    expect(note.textContent).toBe(
      `From ${formatDisplayDate(window.opensOn)} to ${formatDisplayDate(window.closesOn)}, you can choose the edition of the standards for your next accreditation cycle: ${window.older.code} or ${window.newer.code}. Until then, new cycles use ${window.older.code}.`,
    );
    expect(screen.queryByRole('radiogroup', { name: GROUP })).toBeNull();
  });

  it('is not offered to someone who may not change the practice', async () => {
    const { practice, surveyor } = await practiceInWindow();
    await renderAppOnStack(stack, `/PracticeOverview/${practice.id}/Accreditation`, { as: surveyor });
    await screen.findByRole('table', { name: 'Assessments' }, { timeout: SCREEN_READY_TIMEOUT_MS });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole('radiogroup', { name: GROUP })).toBeNull();
  });
});
