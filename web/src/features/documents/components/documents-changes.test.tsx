import { DOCUMENT_MESSAGES, DOCUMENTS_SCREEN_MESSAGES, MAX_FILES_PER_UPLOAD } from '@portal/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createDocument,
  createFolder,
  createPracticeWith,
  createUser,
  type TestUser,
} from '../../../test/factories.ts';
import { pickOption } from '../../../test/pick-option.ts';
import { renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';

const pdf = (name: string, text = 'evidence') =>
  new File([`%PDF-1.4 ${text}`], name, { type: 'application/pdf' });

/** Uploads, moves and deletes on the Documents tab, against the real stack and s3rver. */
describe('changing documents on the Documents tab', () => {
  const stack = useRealStack({ s3: true });
  let manager: TestUser;
  let PRACTICE: number;
  beforeAll(async () => {
    manager = await createUser(stack.sql);
    PRACTICE = (await createPracticeWith(stack.sql, { status: 'IN_PROGRESS', managers: [manager] })).id;
    await stack.sql.query('update practices set is_documents_first_view = false where organisation_id = $1', [
      PRACTICE,
    ]);
  }, 60_000);

  /** The tab with `folder` open and its table (or empty words) shown. */
  const openFolder = async (folder: { id: number; name: string }) => {
    const user = userEvent.setup();
    await renderAppOnStack(stack, `/PracticeOverview/${PRACTICE}/Documents?folder=${folder.id}`, {
      as: manager,
    });
    await screen.findByRole('list', { name: 'Folders' }, { timeout: 15_000 });
    return user;
  };
  const table = (folder: { name: string }) =>
    screen.findByRole('table', { name: `Documents in ${folder.name}` }, { timeout: 15_000 });
  const stored = async (folderId: number) =>
    (
      await stack.sql.query<{ name: string }>(
        'select name from documents where folder_id = $1 and not archived and uploaded_at is not null order by name',
        [folderId],
      )
    ).rows.map((r) => r.name);

  it('uploads several files into the open folder, with progress, and lists them', async () => {
    const folder = await createFolder(stack.sql, { practiceId: PRACTICE, name: 'Policies' });
    const user = await openFolder(folder);
    await screen.findByText(DOCUMENTS_SCREEN_MESSAGES.emptyFolder, {}, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload documents' });
    // Nothing chosen yet.
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText(DOCUMENTS_SCREEN_MESSAGES.filesRequired)).toBeTruthy();
    const input = dialog.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.multiple).toBe(true);
    await user.upload(input, [pdf('Infection control.pdf'), pdf('Hand hygiene.pdf')]);
    // A third one dropped on the drop zone.
    const zone = within(dialog).getByText('Drag files here, or').parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [pdf('Cleaning schedule.pdf')] } });
    const list = await within(dialog).findByRole('list', { name: 'Files to upload' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    // The folder open is the one chosen; each file and the whole batch show their progress.
    await within(dialog).findByRole('progressbar', { name: 'Upload progress' });
    expect(within(dialog).getAllByRole('progressbar', { name: /^Uploading / }).length).toBe(3);
    await screen.findByText(DOCUMENT_MESSAGES.uploadSucceeded, {}, { timeout: 30_000 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload documents' })).toBeNull());
    const shown = await table(folder);
    await within(shown).findByRole('button', { name: 'Cleaning schedule.pdf' }, { timeout: 10_000 });
    expect(await stored(folder.id)).toEqual([
      'Cleaning schedule.pdf',
      'Hand hygiene.pdf',
      'Infection control.pdf',
    ]);
    expect(screen.getByRole('button', { name: /^Policies\s*,\s*3 documents$/ })).toBeTruthy();
  }, 90_000);

  it('warns over the file limit, requires a folder, and shows a refused file with its reason', async () => {
    const folder = await createFolder(stack.sql, { practiceId: PRACTICE, name: 'Limits' });
    const user = userEvent.setup();
    await renderAppOnStack(stack, `/PracticeOverview/${PRACTICE}/Documents`, { as: manager });
    await screen.findByRole('list', { name: 'Folders' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload documents' });
    const input = dialog.querySelector<HTMLInputElement>('input[type=file]')!;
    const many = Array.from({ length: MAX_FILES_PER_UPLOAD + 1 }, (_, i) => pdf(`File ${i + 1}.pdf`));
    await user.upload(input, many);
    const warning = await within(dialog).findByRole('alert');
    expect(warning.textContent).toContain(DOCUMENT_MESSAGES.tooManyFiles);
    const upload = within(dialog).getByRole('button', { name: 'Upload' }) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Remove File 21.pdf' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(upload.disabled).toBe(false);
    // No folder chosen: the spec's rule, in our words.
    await user.click(upload);
    expect(within(dialog).getByText(DOCUMENT_MESSAGES.folderRequired)).toBeTruthy();
    // A file of another type (dropped: the file chooser would not offer it) is named with its
    // reason and holds the upload back.
    const zone = within(dialog).getByText('Drag files here, or').parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await within(dialog).findByText(DOCUMENT_MESSAGES.unsupportedType)).toBeTruthy();
    expect(upload.disabled).toBe(true);
    expect(await stored(folder.id)).toEqual([]);
  }, 60_000);

  it("shows a document whose file is missing as Unavailable, in the server's words when downloaded", async () => {
    const folder = await createFolder(stack.sql, { practiceId: PRACTICE, name: 'Lost and found' });
    // The factory records the document without putting its object in storage.
    const id = await createDocument(stack.sql, PRACTICE, {
      folderId: folder.id,
      name: 'Lost deed.pdf',
      createdBy: manager,
    });
    const user = await openFolder(folder);
    const shown = await table(folder);
    const row = within(shown).getByRole('button', { name: 'Lost deed.pdf' }).closest('tr')!;
    expect(within(row).queryByText(DOCUMENTS_SCREEN_MESSAGES.unavailable)).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Lost deed.pdf' }));
    await screen.findByText(DOCUMENT_MESSAGES.unavailable, {}, { timeout: 15_000 });
    await within(shown).findByText(DOCUMENTS_SCREEN_MESSAGES.unavailable, {}, { timeout: 10_000 });
    const { rows } = await stack.sql.query(
      'select object_missing_at is not null as stamped from documents where id = $1',
      [id],
    );
    expect(rows).toEqual([{ stamped: true }]);
  }, 60_000);

  it('moves two documents to another folder (the open one not offered), then archives one', async () => {
    const from = await createFolder(stack.sql, { practiceId: PRACTICE, name: 'Inbox', sortOrder: 1 });
    const to = await createFolder(stack.sql, { practiceId: PRACTICE, name: 'Filed', sortOrder: 2 });
    for (const [name, minutes] of [
      ['Deed of agreement.pdf', 3],
      ['Certificate.pdf', 2],
      ['Manual.pdf', 1],
    ] as const)
      await createDocument(stack.sql, PRACTICE, {
        folderId: from.id,
        name,
        createdBy: manager,
        createdMinutesAgo: minutes,
      });
    const user = await openFolder(from);
    const shown = await table(from);
    await user.click(within(shown).getByRole('checkbox', { name: 'Select Deed of agreement.pdf' }));
    await user.click(within(shown).getByRole('checkbox', { name: 'Select Certificate.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to folder' });
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(within(dialog).getByText(DOCUMENTS_SCREEN_MESSAGES.targetFolderRequired)).toBeTruthy();
    const select = within(dialog).getByLabelText(/^Folder/);
    await user.click(select);
    const options = document.getElementById(select.getAttribute('aria-controls')!)!;
    const names = within(options)
      .getAllByRole('option', { hidden: true })
      .map((o) => o.textContent);
    expect(names).toContain('Filed');
    expect(names).not.toContain('Inbox');
    await user.keyboard('{Escape}');
    await pickOption(user, select, 'Filed');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await screen.findByText(DOCUMENT_MESSAGES.moved, {}, { timeout: 15_000 });
    await waitFor(() => expect(within(shown).getAllByRole('row')).toHaveLength(1 + 1), { timeout: 10_000 });
    expect(await stored(to.id)).toEqual(['Certificate.pdf', 'Deed of agreement.pdf']);
    expect(await stored(from.id)).toEqual(['Manual.pdf']);

    await user.click(within(shown).getByRole('checkbox', { name: 'Select Manual.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete document' });
    expect(within(confirm).getByText('Manual.pdf')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByText(DOCUMENT_MESSAGES.archiveSucceeded(1), {}, { timeout: 15_000 });
    await screen.findByText(DOCUMENTS_SCREEN_MESSAGES.emptyFolder, {}, { timeout: 10_000 });
    const { rows } = await stack.sql.query(
      `select archived, archived_at is not null as stamped, archived_by_id from documents where name = 'Manual.pdf'`,
    );
    expect(rows).toEqual([{ archived: true, stamped: true, archived_by_id: manager.id }]);
  }, 90_000);
});
