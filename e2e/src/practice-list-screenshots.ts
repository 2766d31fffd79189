/**
 * Screenshots of the practice list at 1280 and 768 px with the navigation drawer open and
 * closed (as a QAM, who sees every practice and every due button, and as a surveyor), and
 * whether the table fits its frame or scrolls sideways, for looking at.
 * Run: npx tsx e2e/src/practice-list-screenshots.ts → e2e/screenshots/practice-list-*.png
 */
import type { Browser, Page } from 'playwright-core';
import { newContext, signIn } from './support/browser.ts';
import { runScreenshots, screenshotTaker } from './support/screenshots.ts';

/** What the page-side callback reads of elements (this package has no DOM typings). */
interface El {
  scrollWidth: number;
  clientWidth: number;
  parentElement: El | null;
}

/**
 * How wide the table's scroll frame (its nearest sideways-scrolling ancestor) and the page are,
 * against what they show: more than shown means the user has to scroll sideways.
 */
async function overflow(page: Page) {
  return page
    .getByRole('table')
    .evaluate((table) => {
      const g = globalThis as unknown as {
        getComputedStyle(el: El): { overflowX: string };
        document: { scrollingElement: El };
      };
      let frame = (table as unknown as El).parentElement;
      while (frame && !['auto', 'scroll'].includes(g.getComputedStyle(frame).overflowX)) {
        frame = frame.parentElement;
      }
      const doc = g.document.scrollingElement;
      return {
        table: frame ? frame.scrollWidth - frame.clientWidth : 0,
        page: doc.scrollWidth - doc.clientWidth,
      };
    })
    .catch(() => null);
}

const take = screenshotTaker('practice-list-', { settleMs: 800 });

/** A screenshot, then whether the table fits or scrolls sideways (and, on request, column widths). */
async function shot(page: Page, name: string) {
  await take(page, name);
  const fit = await overflow(page);
  if (fit)
    console.log(
      fit.table > 0 || fit.page > 0
        ? `    SCROLLS sideways (table ${fit.table} px, page ${fit.page} px)`
        : '    fits',
    );
  if (process.env.COLUMN_WIDTHS) {
    const widths = await page
      .getByRole('columnheader')
      .evaluateAll((ths) =>
        (ths as unknown as Array<{ textContent: string; getBoundingClientRect(): { width: number } }>).map(
          (th) => `${th.textContent} ${Math.round(th.getBoundingClientRect().width)}`,
        ),
      );
    console.log(`    ${widths.join(' | ')}`);
  }
}

/** Opens or closes the navigation drawer with the header's toggle (the burger names its action). */
async function setDrawer(page: Page, open: boolean) {
  const want = open ? 'Hide navigation' : 'Show navigation';
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (await page.getByRole('button', { name: want }).count()) return;
    const other = page.getByRole('button', { name: open ? 'Show navigation' : 'Hide navigation' });
    if (await other.count()) await other.click();
    await page.waitForTimeout(300);
  }
  await page.getByRole('button', { name: want }).waitFor();
}

async function run(browser: Browser, base: string, width: number) {
  for (const [who, email, row] of [
    ['qam', 'qam@demo.test', 'practice-row-4'],
    ['surveyor', 'surveyor@demo.test', 'practice-row-2'],
  ] as const) {
    const context = await newContext(browser, base, { width, height: 900 });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
    await signIn(page, email);
    await page.goto('/Practice/List');
    await page.getByTestId(row).waitFor();
    for (const open of [true, false]) {
      await setDrawer(page, open);
      await page.getByTestId(row).waitFor();
      await shot(page, `${who}-${width}-${open ? 'drawer' : 'nodrawer'}`);
    }
    await context.close();
  }
}

await runScreenshots(run);
