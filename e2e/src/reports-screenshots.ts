/**
 * Screenshots of the reports at 1280 and 768 px, for looking at: the management report as
 * qam@demo.test unfiltered, filtered by state, filtered to nothing (a QAM who holds no cycle), a
 * bad filter in the address, and refused to pm@demo.test.
 * Run: npx tsx e2e/src/reports-screenshots.ts → e2e/screenshots/reports-*.png
 */
import { MANAGEMENT_REPORT_PATH } from '@portal/domain';
import { newContext, signIn } from './support/browser.ts';
import { runScreenshots, screenshotTaker } from './support/screenshots.ts';

const shot = screenshotTaker('reports-');

await runScreenshots(async (browser, base, width) => {
  const context = await newContext(browser, base, { width, height: 900 });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  await signIn(page, 'qam@demo.test');

  const management = async (query: string, name: string) => {
    await page.goto(`${MANAGEMENT_REPORT_PATH}${query}`);
    await page.getByRole('table', { name: 'Work due and overdue' }).waitFor();
    await shot(page, `management-${name}-${width}`);
  };
  await management('', 'all');
  await management('?state=QLD', 'state');
  await management('?qam=999999', 'empty');
  await page.goto('/Reports/Management?from=2026-13-01');
  await page.getByText('The filters in the address were ignored').waitFor();
  await shot(page, `management-bad-filter-${width}`, { fullPage: false });
  await context.close();

  const pmContext = await newContext(browser, base, { width, height: 900 });
  const pm = await pmContext.newPage();
  await signIn(pm, 'pm@demo.test');
  await pm.goto('/Reports/Management');
  await pm.getByText('You do not have permission to see this report.').waitFor();
  await shot(pm, `management-refused-${width}`, { fullPage: false });
  await pmContext.close();
});
