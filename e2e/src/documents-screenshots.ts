/**
 * Screenshots of the Documents tab at 1280 and 768 px, for looking at: the first-time alert, the
 * folder grid, a folder's table with a selection, the search and a search without results, an
 * empty folder, and each modal (upload: empty, files chosen, the limit warning, in progress; move;
 * delete). Harbourside (demo data) as pm.single, with a folder of the script's own documents.
 * Run: npx tsx e2e/src/documents-screenshots.ts → e2e/screenshots/documents-*.png
 */

import { mkdir } from 'node:fs/promises';
import { PRACTICE_TABS, practiceOverviewPath } from '@portal/domain';
import type { Page } from 'playwright-core';
import { launchBrowser, newContext, signIn } from './support/browser.ts';
import { SCREENSHOT_DIR, screenshotTaker } from './support/screenshots.ts';
import { startE2eStack } from './support/stack.ts';

const shot = screenshotTaker('documents-');
const PRACTICE = 1;
const PATH = practiceOverviewPath(PRACTICE, PRACTICE_TABS.documents);

const pdf = (text: string, padding = 0) =>
  Buffer.concat([
    Buffer.from(`%PDF-1.4\n% ${text}\n`),
    Buffer.alloc(padding, 0x20),
    Buffer.from('\n%%EOF\n'),
  ]);

const NAMES = [
  'Accreditation certificate 2025.pdf',
  'Policy and procedure manual v7.docx',
  'Deed of agreement - after hours.pdf',
  'Infection control policy.pdf',
  'WHS.pdf',
  'Cold chain breach log March.xlsx',
  'Fire evacuation plan.png',
  'Staff handbook.pdf',
];

const folderTile = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Folders' }).getByRole('button', { name: new RegExp(`^${name}\\s*,`) });

async function main() {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const stack = await startE2eStack({ database: 'embedded' });
  const browser = await launchBrowser();
  try {
    const { sql } = stack;
    const folder = await sql.query<{ id: number }>(
      `insert into folders (practice_id, name, sort_order) values ($1, 'Practice policies', 5) returning id`,
      [PRACTICE],
    );
    const folderId = folder.rows[0]!.id;
    await sql.query(
      `insert into folders (practice_id, name, sort_order) values ($1, 'Deeds and agreements', 6)`,
      [PRACTICE],
    );
    for (const [index, name] of NAMES.entries())
      await sql.query(
        `insert into documents (practice_id, folder_id, name, storage_key, file_size, file_type, uploaded_at, created_at)
         values ($1, $2, $3, $4, $5, 'application/pdf', now(), now() - make_interval(hours => $6))`,
        [
          PRACTICE,
          folderId,
          name,
          `practices/${PRACTICE}/screens/${index}.pdf`,
          48_000 + index * 731_337,
          index * 7,
        ],
      );
    for (const width of [1280, 768]) {
      await sql.query('update practices set is_documents_first_view = true where organisation_id = $1', [
        PRACTICE,
      ]);
      const context = await newContext(browser, stack.url, { width, height: 900 });
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
      await signIn(page, 'pm.single@demo.test');
      await page.goto(PATH);
      await page.getByRole('list', { name: 'Folders' }).waitFor();
      await shot(page, `alert-${width}`);
      await page.getByRole('button', { name: 'Got it' }).click();
      await page.getByRole('button', { name: 'Got it' }).waitFor({ state: 'detached' });
      await shot(page, `grid-${width}`);

      await folderTile(page, 'Practice policies').click();
      const table = page.getByRole('table', { name: 'Documents in Practice policies' });
      await table.waitFor();
      await shot(page, `table-${width}`);
      await table.getByRole('checkbox', { name: `Select ${NAMES[1]}` }).check();
      await table.getByRole('checkbox', { name: `Select ${NAMES[3]}` }).check();
      await page.evaluate('window.scrollTo(0, 0)');
      await table.getByRole('button', { name: NAMES[2] }).hover();
      await page.getByRole('tooltip').waitFor();
      await shot(page, `table-selection-${width}`, { fullPage: false });

      await page.getByRole('button', { name: 'Move', exact: true }).click();
      const move = page.getByRole('dialog', { name: 'Move to folder' });
      await move.getByLabel('Folder').click();
      await page.getByRole('option').first().waitFor();
      await shot(page, `move-${width}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await move.getByRole('button', { name: 'Cancel' }).click();
      await move.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('dialog', { name: 'Delete documents' }).waitFor();
      await shot(page, `delete-${width}`, { fullPage: false });
      await page
        .getByRole('dialog', { name: 'Delete documents' })
        .getByRole('button', { name: 'Cancel' })
        .click();

      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      const upload = page.getByRole('dialog', { name: 'Upload documents' });
      await upload.waitFor();
      await shot(page, `upload-${width}`, { fullPage: false });
      const many = page.waitForEvent('filechooser');
      await upload.getByRole('button', { name: 'Choose files' }).click();
      await (await many).setFiles(
        Array.from({ length: 22 }, (_, i) => ({
          name: `Scan ${i + 1}.pdf`,
          mimeType: 'application/pdf',
          buffer: pdf(`scan ${i}`),
        })),
      );
      await upload.getByRole('alert').waitFor();
      await shot(page, `upload-limit-${width}`, { fullPage: false });
      await upload.getByRole('button', { name: 'Cancel' }).click();
      await upload.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await upload.waitFor();
      const chooser = page.waitForEvent('filechooser');
      await upload.getByRole('button', { name: 'Choose files' }).click();
      await (await chooser)
        .setFiles([
          { name: 'Privacy policy 2026.pdf', mimeType: 'application/pdf', buffer: pdf('privacy', 900_000) },
          { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') },
          {
            name: 'Complaints register.pdf',
            mimeType: 'application/pdf',
            buffer: pdf('complaints', 600_000),
          },
        ])
        .catch(() => undefined);
      await upload.getByRole('listitem').first().waitFor();
      await shot(page, `upload-chosen-${width}`, { fullPage: false });
      const removable = upload.getByRole('button', { name: 'Remove notes.txt' });
      if (await removable.count()) await removable.click();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 150_000,
      });
      await upload.getByRole('button', { name: 'Upload', exact: true }).click();
      await upload.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
      await page.waitForTimeout(1500);
      await shot(page, `upload-progress-${width}`, { fullPage: false, settleMs: 0 });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await upload.waitFor({ state: 'detached', timeout: 30_000 });

      await page.getByRole('searchbox', { name: 'Search all documents' }).fill('policy');
      await page.getByRole('table', { name: 'Documents matching "policy"' }).waitFor();
      await shot(page, `search-${width}`);
      await page.getByRole('searchbox', { name: 'Search all documents' }).fill('tax return');
      await page.getByText('No documents match').waitFor();
      await shot(page, `search-empty-${width}`);
      await page.getByRole('searchbox', { name: 'Search all documents' }).fill('');

      await folderTile(page, 'Deeds and agreements').click();
      await page.getByText('This folder is empty').waitFor();
      await shot(page, `empty-${width}`);
      await context.close();
    }
  } catch (error) {
    console.error(stack.logs().split('\n').slice(-60).join('\n'));
    throw error;
  } finally {
    await browser.close();
    await stack.stop();
  }
}

await main();
