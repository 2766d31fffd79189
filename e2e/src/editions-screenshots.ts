/**
 * Screenshots of the admin console's Editions at 1280 and 768 px, for looking at: the list (the
 * demo data's editions and a draft imported here), a refused file's problems, the publish
 * confirmation, the preview of a draft with an indicator open; the mappings (the list, a refused
 * mapping file, a mapping with its coverage, unmapped and new indicators, the change dialog and a
 * refused change); moving practices (the selection, the dry run, the confirmation, the moves with
 * Undo, an undo refused, a newer edition not yet published). The mappings' and moves' data is
 * made here.
 * Run: npx tsx e2e/src/editions-screenshots.ts → e2e/screenshots/editions-*.png
 */
import { mkdir } from 'node:fs/promises';
import { createAccreditation, createResponse } from '@portal/testkit/assessment-factories';
import {
  createEdition,
  createMappedEditions,
  editionFile,
  editionYamlWithProblems,
  READABLE_INDICATOR_NAMES as NAMES,
} from '@portal/testkit/edition-factories';
import { createAssessment, createPractice } from '@portal/testkit/factories';
import type { Page } from 'playwright-core';
import { stringify } from 'yaml';
import { launchBrowser, newContext, signIn } from './support/browser.ts';
import { SCREENSHOT_DIR, screenshotTaker } from './support/screenshots.ts';
import { type E2eStack, startE2eStack } from './support/stack.ts';

const shot = screenshotTaker('editions-');

/** Opens the console's Editions and waits for its list (a failure leaves the page's picture). */
async function openEditions(page: Page) {
  await page.goto('/admin-mnqa/editions');
  try {
    await page.getByRole('table', { name: 'Editions' }).waitFor({ timeout: 30_000 });
  } catch (error) {
    await shot(page, 'failed-open', { fullPage: false, settleMs: 0 });
    throw error;
  }
}

/** Two editions mapped with each kind, and three practices answering the older one. */
async function movable(sql: E2eStack['sql'], width: number) {
  const editions = await createMappedEditions(sql, { names: NAMES });
  const names = ['Harbourside Family Medical', 'Riverbend Health', 'Wattle Street Clinic'];
  for (const name of names) {
    const practice = await createPractice(sql, { name: `${name} ${width}` });
    const accreditationId = await createAccreditation(sql, practice.id, {
      surveyVersionId: editions.older.id,
      isFirstView: false,
    });
    const { id } = await createAssessment(sql, accreditationId);
    const o = editions.older.indicators;
    await createResponse(sql, id, o.A1!, { is_marked_complete: true, checklists: { 1: { 1: true } } });
    await createResponse(sql, id, o.A2!, { compliance: 'NOT_APPLICABLE', observation: 'No fees.' });
    await createResponse(sql, id, o.A3!, { is_marked_complete: true });
    await createResponse(sql, id, o.A4!, { is_marked_complete: name !== names[1] });
  }
  return editions;
}

/** A mapping file between two editions that leaves A4 unmapped (coverage 75 %). */
async function partialMappingFile(sql: E2eStack['sql']) {
  const older = await createEdition(sql, { A1: 2, A2: 0, A3: 0, A4: 0 }, { names: NAMES });
  const newer = await createEdition(sql, { B1: 2, B2a: 0, B3: 0, B4: 0 }, { names: NAMES, status: 'DRAFT' });
  return {
    newer,
    text: stringify({
      format: 'portal-edition-mapping/1',
      from: older.code,
      to: newer.code,
      indicators: [
        {
          from: 'A1',
          kind: 'EQUIVALENT',
          to: 'B1',
          items: [
            { from: '1.1', to: '1.1' },
            { from: '1.2', to: '1.2' },
          ],
        },
        { from: 'A2', kind: 'EQUIVALENT', to: 'B2a' },
        { from: 'A3', kind: 'EQUIVALENT', to: 'B3' },
      ],
    }),
  };
}

/** The Editions screens as before: the list with a draft, a refused file, the confirmation, the preview. */
async function editionsShots(page: Page, width: number) {
  await openEditions(page);
  const file = editionFile({ name: 'General Practice Standards, 7th edition (draft)' });
  const chooser = page.getByLabel('Edition file');
  await chooser.setInputFiles({
    name: `${file.code}.edition.json`,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(file, null, 2)),
  });
  await page.getByRole('button', { name: 'Import edition' }).click();
  await page
    .getByRole('status')
    .getByText(/as a draft/)
    .waitFor();
  await shot(page, `list-${width}`);

  await chooser.setInputFiles({
    name: 'gps-7.yaml',
    mimeType: 'application/yaml',
    buffer: Buffer.from(editionYamlWithProblems()),
  });
  await page.getByRole('button', { name: 'Import edition' }).click();
  await page.getByRole('list', { name: 'Problems in gps-7.yaml' }).waitFor();
  await shot(page, `problems-${width}`, { fullPage: false });

  const row = page.getByRole('row').filter({ hasText: file.code });
  await row.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog').waitFor();
  await shot(page, `publish-confirm-${width}`, { fullPage: false });
  await page.getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('link', { name: 'Preview' }).click();
  await page.getByRole('heading', { name: `${file.code}: ${file.name}` }).waitFor();
  await page.getByRole('button', { name: /C1\.1A/ }).click();
  await page.getByText('1. Does the practice publish its opening hours?').waitFor();
  await shot(page, `preview-${width}`);

  // The demo data's published edition: many sets and indicators.
  await openEditions(page);
  const demo = page.getByRole('row').filter({ hasText: 'GPS-6' }).first();
  await demo.getByRole('link', { name: 'Preview' }).click();
  await page.getByRole('heading', { name: /^GPS-6: / }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Open all' }).click();
  await shot(page, `preview-published-${width}`, { fullPage: false });
}

/** The mappings: a refused file, an imported one, the mapping's screen, a change and a refused change. */
async function mappingShots(page: Page, sql: E2eStack['sql'], width: number) {
  const partial = await partialMappingFile(sql);
  await page.goto('/admin-mnqa/editions/mappings');
  const chooser = page.getByLabel('Mapping file');
  await chooser.setInputFiles({
    name: 'gps-6-to-7.yaml',
    mimeType: 'application/yaml',
    buffer: Buffer.from(
      'format: portal-edition-mapping/1\nfrom: GPS-5\nto: GPS-9\nindicators:\n  - {from: C1.1A, kind: MOVED, to: C1.1A}\n',
    ),
  });
  await page.getByRole('button', { name: 'Import mapping' }).click();
  await page.getByRole('list', { name: 'Problems in gps-6-to-7.yaml' }).waitFor();
  await shot(page, `mapping-problems-${width}`, { fullPage: false });
  await chooser.setInputFiles({
    name: 'mapping.yaml',
    mimeType: 'application/yaml',
    buffer: Buffer.from(partial.text),
  });
  await page.getByRole('button', { name: 'Import mapping' }).click();
  await page
    .getByRole('status')
    .getByText(/is imported from mapping\.yaml/)
    .waitFor();
  await shot(page, `mappings-${width}`);

  await page
    .getByRole('row')
    .filter({ hasText: partial.newer.code })
    .getByRole('link', { name: 'Open' })
    .click();
  await page.getByRole('heading', { name: /^Mapping /, level: 1 }).waitFor();
  await page.getByText('3 of 4 older indicators mapped (75%)', { exact: true }).waitFor();
  await shot(page, `mapping-${width}`);
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Map A4' });
  await dialog.getByRole('combobox', { name: 'Kind' }).selectOption('MERGED');
  await dialog.getByRole('combobox', { name: 'Merged into' }).selectOption('B3');
  await dialog.getByRole('checkbox', { name: 'A3' }).check();
  await shot(page, `mapping-change-${width}`, { fullPage: false });
  await dialog.getByRole('combobox', { name: 'Kind' }).selectOption('SPLIT');
  await dialog.getByRole('checkbox', { name: 'B1' }).check();
  await dialog.getByRole('checkbox', { name: 'B3' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('A4 was not changed').waitFor();
  await shot(page, `mapping-refused-${width}`, { fullPage: false });
  await dialog.getByRole('combobox', { name: 'Kind' }).selectOption('MERGED');
  await dialog.getByRole('combobox', { name: 'Merged into' }).selectOption('B3');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').getByText('A4 is now Merged (n:1) into B3, with A3.').waitFor();
  await shot(page, `mapping-changed-${width}`);

  // Its newer edition is a draft: the move screen says so.
  await page.getByRole('link', { name: 'Move practices' }).click();
  await page.getByText(/is a draft: publish it before moving practices to it\./).waitFor();
  await shot(page, `move-not-published-${width}`, { fullPage: false });
}

/** Moving practices: the selection, the dry run, the confirmation, the moves, an undo refused. */
async function moveShots(page: Page, sql: E2eStack['sql'], width: number) {
  const editions = await movable(sql, width);
  await page.goto(`/admin-mnqa/editions/moves?mapping=${editions.mappingId}`);
  const boxes = page.getByRole('group', { name: 'Assessments in progress on the older edition' });
  await boxes.waitFor({ timeout: 30_000 });
  await page.getByRole('searchbox', { name: 'Search practices' }).fill(` ${width}`);
  for (const box of await boxes.getByRole('checkbox').all()) await box.check();
  await shot(page, `move-select-${width}`);
  await page.getByRole('button', { name: 'Dry run' }).click();
  await page.getByRole('heading', { name: 'Dry run: what would move' }).waitFor();
  await shot(page, `move-dry-run-${width}`);
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await page.getByRole('dialog').waitFor();
  await shot(page, `move-confirm-${width}`, { fullPage: false });
  await page.getByRole('dialog').getByRole('button', { name: 'Move' }).click();
  await page
    .getByRole('status')
    .getByText(/^3 moved, 0 refused\./)
    .waitFor({ timeout: 60_000 });
  await shot(page, `move-done-${width}`);
  // Someone works on a moved assessment: its undo is refused, in the service's words.
  const { rows } = await sql.query(
    `update indicator_responses r set observation = 'Worked on since.'
       from assessment_moves m join assessments a on a.id = m.from_assessment_id
       join accreditations acc on acc.id = a.accreditation_id join organisations o on o.id = acc.practice_id
      where m.id = (select min(id) from assessment_moves where mapping_id = $1) and r.assessment_id = m.to_assessment_id
     returning o.name as practice`,
    [editions.mappingId],
  );
  await page
    .getByRole('table', { name: 'Recent moves' })
    .getByRole('row')
    .filter({ hasText: rows[0].practice })
    .getByRole('button', { name: 'Undo' })
    .click();
  await page
    .getByRole('alert')
    .getByText(/was not undone/)
    .waitFor();
  await shot(page, `move-undo-refused-${width}`);
}

await mkdir(SCREENSHOT_DIR, { recursive: true });
const stack = await startE2eStack({ database: 'embedded' });
const browser = await launchBrowser();
try {
  for (const width of [1280, 768]) {
    const context = await newContext(browser, stack.url, { width, height: 900 });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
    await signIn(page, 'admin@demo.test');
    await editionsShots(page, width);
    await mappingShots(page, stack.sql, width);
    await moveShots(page, stack.sql, width);
    await context.close();
  }
} catch (error) {
  console.error(stack.logs().split('\n').slice(-60).join('\n'));
  throw error;
} finally {
  await browser.close();
  await stack.stop();
}
