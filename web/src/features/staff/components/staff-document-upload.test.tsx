import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStaffedPractice, createUser, providerFolder, type TestUser } from '../../../test/factories.ts';
import { useRealStack } from '../../../test/stack-harness.tsx';
import { editRow, openStaffRegister } from '../../../test/staff-register.ts';

describe('staff document uploads from the row in edit, on the real stack', () => {
  // The stack stores files in a throwaway s3rver.
  const stack = useRealStack({ s3: true });
  let manager: TestUser;
  let PRACTICE: number;
  beforeAll(async () => {
    manager = await createUser(stack.sql);
    PRACTICE = (await createStaffedPractice(stack.sql, { manager })).practice.id;
    // Staff documents go to the provider's STAFF_DOCUMENTS folder.
    await providerFolder(stack.sql, 'STAFF_DOCUMENTS');
  }, 60_000);

  const editFirstRow = async () => {
    const { table } = await openStaffRegister(stack, `/PracticeOverview/${PRACTICE}/Staff`, manager, 'Desai');
    const [edit] = within(table).getAllByRole('button', { name: /^Edit / });
    const name = edit!.getAttribute('aria-label')!.replace(/^Edit /, '');
    await userEvent.click(edit!);
    return { row: editRow(table), name };
  };
  const fileInputOf = (row: HTMLElement, label: string) => {
    const button = within(row).getByRole('button', { name: label });
    // Mantine's FileButton keeps its input next to the button.
    return button.parentElement!.querySelector<HTMLInputElement>('input[type=file]')!;
  };

  it('uploads training evidence, attaches it to the row and shows it', async () => {
    const { row, name } = await editFirstRow();
    const input = fileInputOf(row, 'Upload Training evidence');
    expect(input.accept).toContain('.pdf');
    const file = new File(['%PDF-1.4 training certificate'], 'First aid training.pdf', {
      type: 'application/pdf',
    });
    await userEvent.upload(input, file);
    // The upload crosses the engine, the actions service and s3rver: slow on a busy machine.
    await screen.findByText('File upload was successful!', {}, { timeout: 20_000 });
    await within(row).findByRole(
      'button',
      { name: 'Download First aid training.pdf, shown as First..pdf' },
      { timeout: 5_000 },
    );

    const [first, last] = name.split(' ');
    const stored = await stack.sql.query(
      `select d.name, d.file_size, d.uploaded_at is not null as uploaded from practice_staff s
         join documents d on d.id = s.training_evidence_document_id
        where s.practice_id = $1 and s.first_name = $2 and s.last_name = $3`,
      [PRACTICE, first, last],
    );
    expect(stored.rows).toEqual([
      { name: 'First aid training.pdf', file_size: String(file.size), uploaded: true },
    ]);
  }, 60_000);

  it('refuses a file of another type before asking the server', async () => {
    const { row } = await editFirstRow();
    const before = (await stack.sql.query('select count(*)::int as n from documents')).rows[0].n;
    await userEvent.upload(
      fileInputOf(row, 'Upload CPD evidence'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
      {
        applyAccept: false,
      },
    );
    await screen.findByText('Only jpeg, png, pdf, gif, docx, doc, xlsx, xls, pages files can be uploaded');
    await waitFor(async () =>
      expect((await stack.sql.query('select count(*)::int as n from documents')).rows[0].n).toBe(before),
    );
  });
});
