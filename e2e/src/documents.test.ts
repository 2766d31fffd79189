import { readFileSync } from 'node:fs';
import {
  DOCUMENT_MESSAGES,
  DOCUMENTS_SCREEN_MESSAGES,
  PRACTICE_TABS,
  practiceOverviewPath,
} from '@portal/domain';
import JSZip from 'jszip';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { openSignedIn } from './support/browser.ts';
import {
  addPracticeRole,
  createFolder,
  createPractice,
  createPracticeManager,
  createUser,
} from './support/factories.ts';
import { toast } from './support/staff-register.ts';
import { useE2e } from './support/suite.ts';

/**
 * The Documents tab (spec 002 §2) in Chromium: the practice manager dismisses the first-time alert,
 * opens a folder, uploads three files with progress, searches, moves two to another folder,
 * archives one, downloads one, and downloads a selection and a whole folder as zips (opened here
 * with jszip); a surveyor of the practice reads and downloads but cannot change. Each test makes
 * its own practice and people; the provider's folders are the demo data's.
 */
const e2e = useE2e();

/** A small real PDF, padded so that a throttled upload shows its progress. */
const pdf = (text: string, padding = 0) =>
  Buffer.concat([
    Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\n`),
    Buffer.alloc(padding, 0x20),
    Buffer.from('\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  ]);

const FILES = {
  policy: {
    name: 'Infection control policy.pdf',
    mimeType: 'application/pdf',
    buffer: pdf('policy', 400_000),
  },
  audit: { name: 'Hand hygiene audit.pdf', mimeType: 'application/pdf', buffer: pdf('audit', 400_000) },
  schedule: { name: 'Cleaning schedule.pdf', mimeType: 'application/pdf', buffer: pdf('schedule', 400_000) },
};
/** The provider's folder every practice has (hasura/seeds/default/20_folders.sql). */
const POLICIES = 'Policies and procedures';

async function world() {
  const { sql } = e2e.stack;
  const practice = await createPractice(sql, { name: `Wattle Grove Clinic ${Date.now() % 100_000}` });
  await sql.query('update practices set is_documents_first_view = true where organisation_id = $1', [
    practice.id,
  ]);
  const manager = await createPracticeManager(sql, [practice], { firstName: 'Pia', lastName: 'Manager' });
  const surveyor = await createUser(sql, { firstName: 'Sam', lastName: 'Surveyor', isSurveyor: true });
  await addPracticeRole(sql, practice.id, surveyor.id, 'SU');
  const evidence = await createFolder(sql, practice.id, 'Accreditation evidence', { sortOrder: 1 });
  return {
    practice,
    manager,
    surveyor,
    evidence,
    path: practiceOverviewPath(practice.id, PRACTICE_TABS.documents),
  };
}

const folderTile = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Folders' }).getByRole('button', { name: new RegExp(`^${name}\\s*,`) });
const documentsTable = (page: Page, name: string) => page.getByRole('table', { name });
/** Until a modal's opening transition has finished (axe would measure its colours half faded in). */
const settled = (page: Page) =>
  expect
    .poll(() =>
      // A string: the page's Content-Security-Policy allows no eval, and evaluate is not one.
      page.evaluate(
        "document.getAnimations().filter((a) => a instanceof CSSTransition).every((a) => a.playState !== 'running')",
      ),
    )
    .toBe(true);

/** The entries of a downloaded zip, by name, with their bytes. */
async function zipEntries(download: Download): Promise<Map<string, Buffer>> {
  const zip = await JSZip.loadAsync(readFileSync((await download.path())!));
  const entries = new Map<string, Buffer>();
  for (const file of Object.values(zip.files))
    if (!file.dir) entries.set(file.name, await file.async('nodebuffer'));
  return entries;
}

describe('the Documents tab', () => {
  it('as the practice manager: alert, folder, upload three, search, move two, archive one, download one and two zips', async () => {
    const { page, stack } = e2e;
    const { practice, manager, evidence, path } = await world();
    await openSignedIn(page, manager, path);

    // The first-time alert, Step 2, dismissed for the practice.
    const alert = page.getByRole('alert').filter({ hasText: DOCUMENTS_SCREEN_MESSAGES.introStep });
    await alert.waitFor();
    for (const item of DOCUMENTS_SCREEN_MESSAGES.introChecklist) await alert.getByText(item).waitFor();
    await expectAccessible(page, 'the Documents tab with its first-time alert');
    await alert.getByRole('button', { name: DOCUMENTS_SCREEN_MESSAGES.introButton }).click();
    await alert.waitFor({ state: 'detached' });
    const flag = await stack.sql.query(
      'select is_documents_first_view from practices where organisation_id = $1',
      [practice.id],
    );
    expect(flag.rows).toEqual([{ is_documents_first_view: false }]);

    // A folder opens from its tile; it is empty.
    await folderTile(page, evidence.name).click();
    await page.getByText(DOCUMENTS_SCREEN_MESSAGES.emptyFolder).waitFor();
    await expectAccessible(page, 'an empty folder');

    // Three files up at once, over a slow uplink so the progress shows.
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const upload = page.getByRole('dialog', { name: 'Upload documents' });
    await upload.waitFor();
    await settled(page);
    await expectAccessible(page, 'the upload modal');
    const chooser = page.waitForEvent('filechooser');
    await upload.getByRole('button', { name: 'Choose files' }).click();
    await (await chooser).setFiles([FILES.policy, FILES.audit, FILES.schedule]);
    await upload.getByRole('listitem').nth(2).waitFor();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 400_000,
    });
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await upload.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
    expect(await upload.getByRole('progressbar', { name: /^Uploading / }).count()).toBe(3);
    await expectAccessible(page, 'the upload modal while files go up');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await toast(page, DOCUMENT_MESSAGES.uploadSucceeded);
    await upload.waitFor({ state: 'detached' });
    const evidenceTable = documentsTable(page, `Documents in ${evidence.name}`);
    for (const file of Object.values(FILES))
      await evidenceTable.getByRole('button', { name: file.name, exact: true }).waitFor();
    await folderTile(page, evidence.name)
      .and(page.getByRole('button', { name: /\s*,\s*3 documents$/ }))
      .waitFor();
    await expectAccessible(page, 'a folder of three documents');

    // Search, any case, across the folders; and a search that finds nothing.
    const search = page.getByRole('searchbox', { name: DOCUMENTS_SCREEN_MESSAGES.searchLabel });
    await search.fill('HYGIENE');
    const results = documentsTable(page, 'Documents matching "HYGIENE"');
    await results.getByRole('button', { name: FILES.audit.name, exact: true }).waitFor();
    expect(await results.getByRole('row').count()).toBe(2);
    await results.getByRole('cell', { name: evidence.name }).waitFor();
    await search.fill('no such thing');
    await page.getByText(DOCUMENTS_SCREEN_MESSAGES.noSearchResults('no such thing')).waitFor();
    await expectAccessible(page, 'a search without results');
    await search.fill('');
    await evidenceTable.waitFor();

    // Two moved to the provider's policies folder.
    await evidenceTable.getByRole('checkbox', { name: `Select ${FILES.audit.name}` }).check();
    await evidenceTable.getByRole('checkbox', { name: `Select ${FILES.schedule.name}` }).check();
    await expectAccessible(page, 'a folder with a selection');
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    const move = page.getByRole('dialog', { name: 'Move to folder' });
    await move.waitFor();
    await settled(page);
    await expectAccessible(page, 'the move modal');
    await move.getByLabel('Folder').click();
    expect(await page.getByRole('option', { name: evidence.name }).count()).toBe(0);
    await page.getByRole('option', { name: POLICIES }).click();
    await move.getByRole('button', { name: 'Move', exact: true }).click();
    await toast(page, DOCUMENT_MESSAGES.moved);
    await move.waitFor({ state: 'detached' });
    await evidenceTable
      .getByRole('button', { name: FILES.audit.name, exact: true })
      .waitFor({ state: 'detached' });
    expect(await evidenceTable.getByRole('row').count()).toBe(2);

    // One of them archived from the policies folder.
    await folderTile(page, POLICIES).click();
    const policiesTable = documentsTable(page, `Documents in ${POLICIES}`);
    await policiesTable.getByRole('checkbox', { name: `Select ${FILES.schedule.name}` }).check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete document' });
    await confirm.waitFor();
    await settled(page);
    await expectAccessible(page, 'the delete confirmation');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, DOCUMENT_MESSAGES.archiveSucceeded(1));
    await policiesTable
      .getByRole('button', { name: FILES.schedule.name, exact: true })
      .waitFor({ state: 'detached' });
    const archived = await stack.sql.query(
      `select archived, archived_by_id, folder_id from documents where practice_id = $1 and name = $2`,
      [practice.id, FILES.schedule.name],
    );
    expect(archived.rows).toEqual([expect.objectContaining({ archived: true, archived_by_id: manager.id })]);

    // One downloaded: the same bytes, under its own name.
    const single = page.waitForEvent('download');
    await policiesTable.getByRole('button', { name: FILES.audit.name, exact: true }).click();
    const file = await single;
    await toast(page, DOCUMENT_MESSAGES.downloadSucceeded);
    expect(file.suggestedFilename()).toBe(FILES.audit.name);
    expect(readFileSync((await file.path())!)).toEqual(FILES.audit.buffer);

    // The whole folder as a zip: the live document only (the archived one is not in it).
    const folderZip = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download All' }).click();
    const folderFile = await folderZip;
    await toast(page, DOCUMENT_MESSAGES.folderDownloaded);
    expect(folderFile.suggestedFilename()).toBe(`${POLICIES}.zip`);
    const inFolder = await zipEntries(folderFile);
    expect([...inFolder.keys()]).toEqual([FILES.audit.name]);
    expect(inFolder.get(FILES.audit.name)).toEqual(FILES.audit.buffer);

    // A selection across two folders (from a search) as a zip.
    await search.fill('.pdf');
    const found = documentsTable(page, 'Documents matching ".pdf"');
    await found.getByRole('checkbox', { name: `Select ${FILES.policy.name}` }).check();
    await found.getByRole('checkbox', { name: `Select ${FILES.audit.name}` }).check();
    const selectionZip = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Selected' }).click();
    const selectionFile = await selectionZip;
    await toast(page, DOCUMENT_MESSAGES.documentsDownloaded);
    expect(selectionFile.suggestedFilename()).toBe(`${practice.name} documents.zip`);
    const selected = await zipEntries(selectionFile);
    expect([...selected.keys()].sort()).toEqual([FILES.audit.name, FILES.policy.name].sort());
    expect(selected.get(FILES.policy.name)).toEqual(FILES.policy.buffer);
  }, 120_000);

  it('cancels an upload under way: the modal says so and nothing is left behind', async () => {
    const { page, stack } = e2e;
    const { practice, manager, evidence, path } = await world();
    await stack.sql.query('update practices set is_documents_first_view = false where organisation_id = $1', [
      practice.id,
    ]);
    await openSignedIn(page, manager, `${path}?folder=${evidence.id}`);
    await page.getByText(DOCUMENTS_SCREEN_MESSAGES.emptyFolder).waitFor();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const upload = page.getByRole('dialog', { name: 'Upload documents' });
    const chooser = page.waitForEvent('filechooser');
    await upload.getByRole('button', { name: 'Choose files' }).click();
    const big = { ...FILES.policy, buffer: pdf('big', 3_000_000) };
    await (await chooser).setFiles([big]);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 100_000,
    });
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    // The PUT is on its way once the record exists.
    await expect
      .poll(
        async () =>
          (await stack.sql.query('select 1 from documents where practice_id = $1', [practice.id])).rowCount,
      )
      .toBe(1);
    await upload.getByRole('button', { name: 'Cancel' }).click();
    await upload.getByText(DOCUMENTS_SCREEN_MESSAGES.uploadCancelled).waitFor();
    await expect
      .poll(
        async () =>
          (
            await stack.sql.query(
              'select archived, uploaded_at is null as pending from documents where practice_id = $1',
              [practice.id],
            )
          ).rows,
      )
      .toEqual([{ archived: true, pending: true }]);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await upload.getByRole('button', { name: 'Cancel' }).click();
    await upload.waitFor({ state: 'detached' });
    await page.getByText(DOCUMENTS_SCREEN_MESSAGES.emptyFolder).waitFor();
  });

  it('as a surveyor of the practice: reads and downloads, changes nothing', async () => {
    const { page, stack } = e2e;
    const { practice, surveyor, evidence, path } = await world();
    const { rows } = await stack.sql.query<{ id: number }>(
      `insert into documents (practice_id, folder_id, name, storage_key, file_size, file_type, uploaded_at)
       values ($1, $2, 'Deed of agreement.pdf', $3, 1000, 'application/pdf', now()) returning id`,
      [practice.id, evidence.id, `practices/${practice.id}/e2e/deed.pdf`],
    );
    expect(rows).toHaveLength(1);
    await openSignedIn(page, surveyor, `${path}?folder=${evidence.id}`);
    const table = documentsTable(page, `Documents in ${evidence.name}`);
    await table.getByRole('button', { name: 'Deed of agreement.pdf', exact: true }).waitFor();
    // The alert is the practice's to dismiss, not the surveyor's.
    const alert = page.getByRole('alert').filter({ hasText: DOCUMENTS_SCREEN_MESSAGES.introStep });
    await alert.waitFor();
    expect(await alert.getByRole('button').count()).toBe(0);
    for (const name of ['Upload', 'Delete', 'Move'])
      expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Download All' }).isEnabled()).toBe(true);
    await table.getByRole('checkbox', { name: 'Select Deed of agreement.pdf' }).check();
    expect(await page.getByRole('button', { name: 'Download Selected' }).isEnabled()).toBe(true);
    await expectAccessible(page, 'the Documents tab as a surveyor');
  });
});
