import {
  DOCUMENTS_PAGE_SIZE,
  DOCUMENTS_SCREEN_MESSAGES,
  FOLDER_COLOURS,
  shortenFileName,
} from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createDocument,
  createFolder,
  createPracticeWith,
  createUser,
  type TestUser,
} from '../../../test/factories.ts';
import { renderAppOnStack, type SignIn, useRealStack } from '../../../test/stack-harness.tsx';

/** The Documents tab reading what the database holds, as a manager, a surveyor and a QAM. */
describe('the Documents tab on the real stack', () => {
  const stack = useRealStack();
  let manager: TestUser;
  let surveyor: TestUser;
  let qam: TestUser;
  let PRACTICE: number;
  let PATH: string;
  let policies: { id: number; name: string };
  let certificates: { id: number; name: string };
  let big: { id: number; name: string };
  beforeAll(async () => {
    const { sql } = stack;
    manager = await createUser(sql);
    surveyor = await createUser(sql, { isSurveyor: true });
    qam = await createUser(sql, { isQam: true });
    const practice = await createPracticeWith(sql, {
      status: 'IN_PROGRESS',
      managers: [manager],
      surveyors: [surveyor],
    });
    PRACTICE = practice.id;
    PATH = `/PracticeOverview/${PRACTICE}/Documents`;
    await sql.query('update practices set is_documents_first_view = false where organisation_id = $1', [
      PRACTICE,
    ]);
    policies = await createFolder(sql, { practiceId: PRACTICE, name: 'Policies', sortOrder: 1 });
    certificates = await createFolder(sql, { practiceId: PRACTICE, name: 'Certificates', sortOrder: 2 });
    await createFolder(sql, { practiceId: PRACTICE, name: 'Hidden while empty', emptyHidden: true });
    big = await createFolder(sql, { practiceId: PRACTICE, name: 'Big folder', sortOrder: 3 });
    await createFolder(sql, { practiceId: PRACTICE, name: 'Invisible', visible: false });
    await createFolder(sql, { practiceId: PRACTICE, name: 'Archived folder', archived: true });
    const doc = (folderId: number, name: string, minutes: number, fileSize = 1000) =>
      createDocument(sql, PRACTICE, {
        folderId,
        name,
        createdBy: manager,
        createdMinutesAgo: minutes,
        fileSize,
      });
    await doc(policies.id, 'Infection control policy.pdf', 30, 183_137);
    await doc(policies.id, 'WHS.pdf', 10, 999);
    await doc(policies.id, 'Privacy policy 2026.docx', 20, 2_350_000);
    await createDocument(sql, PRACTICE, {
      folderId: policies.id,
      name: 'Old policy archived.pdf',
      createdBy: manager,
      archived: true,
    });
    await doc(certificates.id, 'Accreditation certificate.pdf', 5);
    for (let i = 1; i <= DOCUMENTS_PAGE_SIZE + 5; i++)
      await doc(big.id, `Minutes ${String(i).padStart(3, '0')}.pdf`, i);
    // Another practice's document in the same folder ids' place: never listed nor counted.
    const other = await createPracticeWith(sql, { managers: [await createUser(sql)] });
    await createDocument(sql, other.id, {
      folderId: policies.id,
      name: 'Other practice policy.pdf',
      createdBy: manager,
    });
  }, 120_000);

  const open = async (as: SignIn, path = PATH) => {
    const view = await renderAppOnStack(stack, path, { as });
    const grid = await screen.findByRole('list', { name: 'Folders' }, { timeout: 15_000 });
    return { view, grid };
  };
  const folderButton = (grid: HTMLElement, name: string) =>
    within(grid).getByRole('button', { name: new RegExp(`^${name}\\s*,`) });
  /** What a name button shows (its accessible name is the whole name). */
  const shownName = (button: HTMLElement) => button.querySelector('[data-short-name]')!.textContent;

  it('shows the visible folders with their live document count and palette colours; empty-hidden ones stay hidden', async () => {
    const { grid } = await open(manager);
    const tiles = within(grid).getAllByRole('button');
    const named = (name: string, count: string) =>
      within(grid).getByRole('button', { name: new RegExp(`^${name}\\s*,\\s*${count}$`) });
    expect(tiles).toEqual([
      named('Policies', '3 documents'),
      named('Certificates', '1 document'),
      named('Big folder', `${DOCUMENTS_PAGE_SIZE + 5} documents`),
    ]);
    expect(tiles.map((t) => t.style.getPropertyValue('--folder-colour'))).toEqual(FOLDER_COLOURS.slice(0, 3));
    expect(within(grid).queryByRole('button', { name: /^Hidden while empty/ })).toBeNull();
    expect(screen.getByText(DOCUMENTS_SCREEN_MESSAGES.chooseFolder)).toBeTruthy();
  });

  it('opens a folder from the keyboard: its documents newest first, in the spec columns and formats', async () => {
    const { grid, view } = await open(manager);
    folderButton(grid, 'Policies').focus();
    await userEvent.keyboard('{Enter}');
    expect(view.search()).toBe(`?folder=${policies.id}`);
    expect(folderButton(grid, 'Policies').getAttribute('aria-pressed')).toBe('true');
    const table = await screen.findByRole('table', { name: 'Documents in Policies' }, { timeout: 10_000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Document', 'Date', 'Review date', 'File Size']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('button')[0])).toEqual(
      ['WHS.pdf', 'Privacy policy 2026.docx', 'Infection control policy.pdf'].map((name) =>
        within(table).getByRole('button', { name }),
      ),
    );
    // Shortened for display from 10 characters on; the whole name is what it reads.
    expect(shownName(within(rows[1]!).getByRole('button', { name: 'Privacy policy 2026.docx' }))).toBe(
      shortenFileName('Privacy policy 2026.docx'),
    );
    expect(shownName(within(rows[0]!).getByRole('button', { name: 'WHS.pdf' }))).toBe('WHS.pdf');
    const { rows: stored } = await stack.sql.query<{ created_at: Date }>(
      "select created_at from documents where name = 'WHS.pdf'",
    );
    const cells = within(rows[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[2]).toBe(format(stored[0]!.created_at, 'd LLL yyyy - h:mma'));
    expect(cells[2]).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4} - \d{1,2}:\d{2}(AM|PM)$/);
    // No review date (docs/decisions/evidence.md): the cell is blank.
    expect(cells[3]).toBe('');
    expect(cells[4]).toBe('999 B');
    expect(within(rows[1]!).getAllByRole('cell')[4]!.textContent).toBe('2.35 MB');
    expect(within(rows[2]!).getAllByRole('cell')[4]!.textContent).toBe('183.14 kB');
    expect(screen.queryByText('Old policy archived.pdf')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Other practice policy.pdf' })).toBeNull();
  });

  it('enables Delete, Move and Download Selected with a selection, Download All once a folder is open; select all takes the page', async () => {
    await open(manager);
    const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
    expect(button('Upload').disabled).toBe(false);
    for (const name of ['Delete', 'Move', 'Download Selected', 'Download All'])
      expect(button(name).disabled).toBe(true);
    await userEvent.click(folderButton(screen.getByRole('list', { name: 'Folders' }), 'Big folder'));
    const table = await screen.findByRole('table', { name: 'Documents in Big folder' }, { timeout: 10_000 });
    expect(button('Download All').disabled).toBe(false);
    for (const name of ['Delete', 'Move', 'Download Selected']) expect(button(name).disabled).toBe(true);
    // Paging: the newest 50, then the rest.
    expect(within(table).getAllByRole('row')).toHaveLength(DOCUMENTS_PAGE_SIZE + 1);
    expect(within(table).getByRole('button', { name: 'Minutes 001.pdf' })).toBeTruthy();
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Minutes 001.pdf' }));
    for (const name of ['Delete', 'Move', 'Download Selected']) expect(button(name).disabled).toBe(false);
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select all documents on this page' }));
    expect(screen.getByText(`${DOCUMENTS_PAGE_SIZE} selected`)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    const last = `Minutes ${String(DOCUMENTS_PAGE_SIZE + 5).padStart(3, '0')}.pdf`;
    await within(table).findByRole('button', { name: last }, { timeout: 10_000 });
    expect(within(table).getAllByRole('row')).toHaveLength(5 + 1);
    // The selection is kept across pages; the page's own box is not ticked.
    expect(
      (within(table).getByRole('checkbox', { name: 'Select all documents on this page' }) as HTMLInputElement)
        .checked,
    ).toBe(false);
    expect(screen.getByText(`${DOCUMENTS_PAGE_SIZE} selected`)).toBeTruthy();
  });

  it('searches every folder of the practice, any case, showing each result’s folder; and says when nothing matches', async () => {
    await open(manager);
    const search = screen.getByRole('searchbox', { name: DOCUMENTS_SCREEN_MESSAGES.searchLabel });
    await userEvent.type(search, 'POLICY');
    const table = await screen.findByRole(
      'table',
      { name: 'Documents matching "POLICY"' },
      { timeout: 10_000 },
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain('Folder');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent)
          .slice(1, 3),
      ),
    ).toEqual([
      [`${shortenFileName('Privacy policy 2026.docx')}Privacy policy 2026.docx`, 'Policies'],
      [`${shortenFileName('Infection control policy.pdf')}Infection control policy.pdf`, 'Policies'],
    ]);
    await userEvent.clear(search);
    // '%' is the text itself, not a wildcard.
    await userEvent.type(search, '100%');
    expect(
      await screen.findByText(DOCUMENTS_SCREEN_MESSAGES.noSearchResults('100%'), {}, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('shows an empty folder in clear words', async () => {
    const empty = await createFolder(stack.sql, { practiceId: PRACTICE, name: 'Deeds', sortOrder: 9 });
    await open(manager, `${PATH}?folder=${empty.id}`);
    expect(
      await screen.findByText(DOCUMENTS_SCREEN_MESSAGES.emptyFolder, {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Download All' }) as HTMLButtonElement).disabled).toBe(false);
    await stack.sql.query('update folders set archived = true where id = $1', [empty.id]);
  });

  it('lets a surveyor read and download but not change: no Upload, Delete or Move', async () => {
    await open(surveyor, `${PATH}?folder=${certificates.id}`);
    await screen.findByRole('table', { name: 'Documents in Certificates' }, { timeout: 10_000 });
    expect(screen.getByRole('button', { name: 'Download All' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download Selected' })).toBeTruthy();
    for (const name of ['Upload', 'Delete', 'Move'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('shows the back office the live documents only, with the changing buttons', async () => {
    await open(qam, `${PATH}?folder=${policies.id}`);
    const table = await screen.findByRole('table', { name: 'Documents in Policies' }, { timeout: 10_000 });
    expect(within(table).getAllByRole('row')).toHaveLength(3 + 1);
    expect(screen.queryByRole('button', { name: 'Old policy archived.pdf' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeTruthy();
  });

  it('shows the first-time alert with its three items until the manager dismisses it for the practice', async () => {
    await stack.sql.query('update practices set is_documents_first_view = true where organisation_id = $1', [
      PRACTICE,
    ]);
    const step2 = new RegExp(`^Step 2\\s*${DOCUMENTS_SCREEN_MESSAGES.introStep}$`);
    // A surveyor reads it but cannot dismiss it for the practice.
    const { view } = await open(surveyor);
    const seen = await screen.findByRole('alert', { name: step2 });
    for (const item of DOCUMENTS_SCREEN_MESSAGES.introChecklist)
      expect(within(seen).getByText(item)).toBeTruthy();
    expect(within(seen).queryByRole('button')).toBeNull();
    view.unmount();
    await open(manager);
    const alert = await screen.findByRole('alert', { name: step2 });
    await userEvent.click(within(alert).getByRole('button', { name: DOCUMENTS_SCREEN_MESSAGES.introButton }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: /^Step 2/ })).toBeNull(), {
      timeout: 10_000,
    });
    const { rows } = await stack.sql.query(
      'select is_documents_first_view from practices where organisation_id = $1',
      [PRACTICE],
    );
    expect(rows[0].is_documents_first_view).toBe(false);
  });
});
