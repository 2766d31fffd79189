import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createDocument,
  createStaffedPractice,
  createUser,
  providerFolder,
  type TestUser,
} from '../../../test/factories.ts';
import { useRealStack } from '../../../test/stack-harness.tsx';
import { openStaffRegister } from '../../../test/staff-register.ts';

/** Spec 000 §8: 'Staff document missing | logged only'. */
describe('a staff document the register cannot show, on the real stack', () => {
  const stack = useRealStack();
  /** The practice's manager, and the provider admin (who reads archived documents too). */
  let manager: TestUser;
  let admin: TestUser;
  let STAFF_PATH: string;
  let sophieId: number;
  let documentId: number;
  beforeAll(async () => {
    const { sql } = stack;
    manager = await createUser(sql);
    admin = await createUser(sql, { isAdmin: true });
    const { practice, staff } = await createStaffedPractice(sql, { manager });
    STAFF_PATH = `/PracticeOverview/${practice.id}/Staff`;
    sophieId = staff.sophie.id;
    // Sophie Scott's CPR evidence points at a document archived since: the PM may not read it.
    documentId = await createDocument(sql, practice.id, {
      folderId: await providerFolder(sql, 'STAFF_DOCUMENTS'),
      name: 'CPR certificate Sophie Scott.pdf',
      createdBy: manager,
      archived: true,
    });
    await sql.query('update practice_staff set cpr_evidence_document_id = $1 where id = $2', [
      documentId,
      sophieId,
    ]);
  }, 60_000);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('logs the staff id and field once, shows no file and no message', async () => {
    const errors = vi.spyOn(console, 'error');
    const missing = () => errors.mock.calls.filter(([first]) => first === 'Staff document missing');
    const { table } = await openStaffRegister(stack, STAFF_PATH, manager, 'Scott');
    await waitFor(() =>
      expect(missing()).toEqual([
        ['Staff document missing', { staffId: sophieId, field: 'cpr_evidence_document', documentId }],
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
      'select cpr_evidence_document_id as id from practice_staff where id = $1',
      [sophieId],
    );
    expect(rows[0].id).toBe(documentId);
  }, 60_000);

  it('does not log a document that is shown', async () => {
    const errors = vi.spyOn(console, 'error');
    // The admin reads archived documents too: the same row shows its file and logs nothing new.
    const { table } = await openStaffRegister(stack, STAFF_PATH, admin, 'Scott');
    const row = within(table).getByText('Scott').closest('tr')!;
    await within(row).findByRole('button', {
      name: 'Download CPR certificate Sophie Scott.pdf, shown as CPR c..pdf',
    });
    expect(errors.mock.calls.filter(([first]) => first === 'Staff document missing')).toEqual([]);
  }, 60_000);
});
