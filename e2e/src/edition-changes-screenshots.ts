/**
 * Screenshots of "What changes for us" (issue 30) at 1280 and 768 px: the Accreditation tab's note,
 * the dialog, the assessment screen with both edition flags, and the PDF's first page (pdftoppm,
 * when poppler-utils is installed); then a QAM's view with Move, its confirmation, and after the
 * move the tab's moved original and its screen. The data is made here: two editions mapped with each kind,
 * a practice answering the older one.
 * Run: npx tsx e2e/src/edition-changes-screenshots.ts → e2e/screenshots/edition-changes-*.png
 */
import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createAccreditation, createResponse } from '@portal/testkit/assessment-factories';
import { createMappedEditions, READABLE_INDICATOR_NAMES as NAMES } from '@portal/testkit/edition-factories';
import { addPracticeRole, createAssessment, createPractice } from '@portal/testkit/factories';
import { createTestUser } from './support/assessment-data.ts';
import { launchBrowser, newContext, signIn } from './support/browser.ts';
import { SCREENSHOT_DIR, screenshotTaker } from './support/screenshots.ts';
import { startE2eStack } from './support/stack.ts';

const shot = screenshotTaker('edition-changes-');

await mkdir(SCREENSHOT_DIR, { recursive: true });
const stack = await startE2eStack({ database: 'embedded' });
const browser = await launchBrowser();
try {
  const { sql } = stack;
  const editions = await createMappedEditions(sql, { names: NAMES });
  const practice = await createPractice(sql, { name: 'Harbourside Family Medical' });
  const manager = await createTestUser(sql, { firstName: 'Morgan', lastName: 'Lee' });
  await addPracticeRole(sql, practice.id, manager.id, 'PM');
  const accreditationId = await createAccreditation(sql, practice.id, {
    surveyVersionId: editions.older.id,
    isFirstView: false,
  });
  await sql.query('update practices set is_staff_first_view = false where organisation_id = $1', [
    practice.id,
  ]);
  const { id: assessmentId } = await createAssessment(sql, accreditationId);
  const answer = (code: string, fields: Parameters<typeof createResponse>[3]) =>
    createResponse(sql, assessmentId, editions.older.indicators[code]!, fields);
  await answer('A1', {
    compliance: 'NOT_MET',
    checklists: { 1: { 1: true, 2: true } },
    observation: 'Update the sign.',
  });
  const a2 = await answer('A2', { is_marked_complete: true, checklists: { 1: { 1: true } } });
  await answer('A3', { is_marked_complete: true });
  const a4 = await answer('A4', { compliance: 'NOT_APPLICABLE' });
  await answer('A5', { compliance: 'NOT_APPLICABLE' });
  // The flags as a move writes them, to see them on the screen.
  await sql.query('update indicator_responses set review_after_move = true where id = $1', [a2]);
  await sql.query('update indicator_responses set new_in_edition = true where id = $1', [a4]);
  const set = (
    await sql.query('select indicator_set_id from indicators where id = $1', [editions.older.indicators.A2])
  ).rows[0].indicator_set_id;

  for (const width of [1280, 768]) {
    const context = await newContext(browser, stack.url, { width, height: 900 });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
    await signIn(page, manager.email, { password: manager.password });
    await page.goto(`/PracticeOverview/${practice.id}/Accreditation`);
    await page.getByRole('button', { name: 'What changes for us' }).waitFor();
    await shot(page, `tab-${width}`);
    await page.getByRole('button', { name: 'What changes for us' }).click();
    const dialog = page.getByRole('dialog', { name: 'What changes for us' });
    await dialog.getByRole('region', { name: 'New (1)' }).waitFor();
    await shot(page, `dialog-${width}`, { fullPage: false });
    await dialog.getByRole('region', { name: 'Carried (1)' }).scrollIntoViewIfNeeded();
    await shot(page, `dialog-end-${width}`, { fullPage: false });
    if (width === 1280) {
      const download = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Download PDF' }).click();
      const file = path.join(SCREENSHOT_DIR, 'edition-changes.pdf');
      await (await download).saveAs(file);
      try {
        execFileSync('pdftoppm', [
          '-r',
          '80',
          '-png',
          '-f',
          '1',
          '-l',
          '2',
          file,
          path.join(SCREENSHOT_DIR, 'edition-changes-pdf'),
        ]);
      } catch {
        console.log('  (pdftoppm not installed: the PDF is edition-changes.pdf)');
      }
    }
    await page.keyboard.press('Escape');
    await page.goto(
      `/PracticeOverview/${practice.id}/Accreditation/Assessment/${assessmentId}/${set}/${editions.older.indicators.A2}`,
    );
    await page.getByRole('note', { name: 'Changed — review' }).waitFor();
    await shot(page, `screen-${width}`);
    await context.close();
  }

  // The back office's move from the view, then the moved original beside its copy.
  const qam = await createTestUser(sql, { firstName: 'Quinn', lastName: 'Reviewer', isQam: true });
  const qamPage = async (width: number) => {
    const context = await newContext(browser, stack.url, { width, height: 900 });
    const page = await context.newPage();
    await signIn(page, qam.email, { password: qam.password });
    return { context, page };
  };
  for (const [index, width] of [1280, 768].entries()) {
    const { context, page } = await qamPage(width);
    await page.goto(`/PracticeOverview/${practice.id}/Accreditation`);
    await page.getByRole('button', { name: 'What changes for us' }).click();
    const dialog = page.getByRole('dialog', { name: 'What changes for us' });
    const move = dialog.getByRole('button', { name: /^Move to / });
    await move.waitFor();
    await shot(page, `qam-dialog-${width}`, { fullPage: false });
    await move.click();
    await page.getByRole('dialog', { name: 'Move this practice to the newer edition?' }).waitFor();
    await shot(page, `qam-confirm-${width}`, { fullPage: false });
    if (index === 1) {
      await page.getByRole('button', { name: 'Move', exact: true }).click();
      await page.getByRole('button', { name: 'Undo the move' }).waitFor();
    }
    await context.close();
  }
  for (const width of [1280, 768]) {
    const { context, page } = await qamPage(width);
    await page.goto(`/PracticeOverview/${practice.id}/Accreditation`);
    await page.getByText('moved', { exact: true }).waitFor();
    await shot(page, `moved-tab-${width}`);
    await page.goto(`/PracticeOverview/${practice.id}/Accreditation/Assessment/${assessmentId}`);
    await page.getByRole('status', { name: 'Moved to a newer edition' }).waitFor();
    await shot(page, `moved-screen-${width}`, { fullPage: false });
    await context.close();
  }
} catch (error) {
  console.error(stack.logs().split('\n').slice(-60).join('\n'));
  throw error;
} finally {
  await browser.close();
  await stack.stop();
}
