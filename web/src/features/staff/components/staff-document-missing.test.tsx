// @vitest-environment jsdom
import '../../../test/setup-dom.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestStack, type TestStack } from '../../../test/stack-harness.tsx';
import { openStaffRegister } from '../../../test/staff-register.ts';

// Riverbend (practice 2): pm@demo.test manages it.
const PRACTICE = 2;
const STAFF_PATH = `/PracticeOverview/${PRACTICE}/Staff`;

/** Spec 000 §8: 'Staff document missing | logged only'. */
describe('a staff document the register cannot show, on the real stack', () => {
  let stack: TestStack;
  let documentId: number;
  beforeAll(async () => {
    stack = await startTestStack();
    await stack.sql.query('update practices set is_staff_first_view = false where organisation_id = $1', [
      PRACTICE,
    ]);
    // Sophie Scott's CPR evidence points at a document archived since: the PM may not read it.
    const { rows } = await stack.sql.query<{ id: number }>(
      `insert into documents (practice_id, folder_id, name, storage_key, file_size, file_type, uploaded_at,
                              created_by_id, archived, archived_at)
       values (2, 1, 'CPR certificate Sophie Scott.pdf', 'practices/2/missing-cpr-sophie-scott.pdf', 1000,
               'application/pdf', now(), 6, true, now())
       returning id`,
    );
    documentId = rows[0]!.id;
    await stack.sql.query('update practice_staff set cpr_evidence_document_id = $1 where id = 9', [
      documentId,
    ]);
  }, 60_000);
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('logs the staff id and field once, shows no file and no message', async () => {
    const errors = vi.spyOn(console, 'error');
    const missing = () => errors.mock.calls.filter(([first]) => first === 'Staff document missing');
    const { table } = await openStaffRegister(stack, STAFF_PATH, 'pm@demo.test', 'Scott');
    await waitFor(() =>
      expect(missing()).toEqual([
        ['Staff document missing', { staffId: 9, field: 'cpr_evidence_document', documentId }],
      ]),
    );
    const row = within(table).getByText('Scott').closest('tr')!;
    expect(within(row).queryByRole('button', { name: /^Download / })).toBeNull();
    expect(screen.queryByText(/missing/i)).toBeNull();
    // No toast either.
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();

    // A refetch (after a save) finds it missing again: still logged once.
    const user = userEvent.setup({ delay: null });
    await user.click(within(table).getByLabelText('Edit Sophie Scott'));
    await user.type(within(table).getByLabelText('Phone'), '{End} ');
    await user.click(within(table).getByText('Save'));
    await waitFor(() => expect(table.querySelector('tr[aria-label="Row in edit"]')).toBeNull(), {
      timeout: 10_000,
    });
    await within(table).findByText('Scott');
    expect(missing()).toHaveLength(1);
    // Saving sent no document field: the reference is kept as it was.
    const { rows } = await stack.sql.query(
      'select cpr_evidence_document_id as id from practice_staff where id = 9',
    );
    expect(rows[0].id).toBe(documentId);
  }, 60_000);

  it('does not log a document that is shown', async () => {
    const errors = vi.spyOn(console, 'error');
    // The admin reads archived documents too: the same row shows its file and logs nothing new.
    const { table } = await openStaffRegister(stack, STAFF_PATH, 'admin@demo.test', 'Scott');
    const row = within(table).getByText('Scott').closest('tr')!;
    await within(row).findByRole('button', {
      name: 'Download CPR certificate Sophie Scott.pdf, shown as CPR c..pdf',
    });
    expect(errors.mock.calls.filter(([first]) => first === 'Staff document missing')).toEqual([]);
  }, 60_000);
});
