import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACTION_TIMEOUT_MS, signIn } from './support/browser.ts';
import { holdUploads, openStaff, samplePdf, staffRegister, staffScroller } from './support/staff-register.ts';
import { useE2e } from './support/suite.ts';

/**
 * The staff register at the widths practice managers use (spec 000 §2 fixed columns, §5 cell
 * messages): which columns stay fixed and how much of the rest is in view, a refused Save showing
 * a message in a column scrolled out of view, and rows that keep their height while a document
 * uploads. One stack for the file.
 */
const e2e = useE2e();

const POLL = { timeout: ACTION_TIMEOUT_MS, interval: 100 };
/** Southern Cross General Practice (pm@demo.test). */
const STAFF = '/PracticeOverview/3/Staff';
const TABLET = { width: 768, height: 1024 };

const editRow = (page: Page) => staffRegister(page).getByRole('row', { name: 'Row in edit' });
const header = (page: Page, name: string) =>
  staffRegister(page).getByRole('columnheader', { name, exact: true });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} has no box`);
  return { left: found.x, right: found.x + found.width, top: found.y, bottom: found.y + found.height };
}

async function scrollRegister(page: Page, left: number) {
  await staffScroller(page).evaluate((scroller, to) => {
    (scroller as unknown as { scrollLeft: number }).scrollLeft = to;
  }, left);
}

/** The part of the register's scroll container that the columns scroll through. */
async function dataWindow(page: Page) {
  await scrollRegister(page, 600);
  const frame = await box(staffScroller(page));
  const names = ['Verified', 'Title', 'First name', 'Last name'];
  const boxes = await Promise.all(names.map((name) => box(header(page, name))));
  // Fixed columns are the ones still at the left edge after scrolling 600 px.
  const fixed = names.filter((_, i) => boxes[i]!.right > frame.left + 1);
  const start = Math.max(...boxes.map((b) => b.right).filter((right) => right > frame.left + 1));
  return { fixed, width: frame.right - start };
}

const rowHeights = (page: Page) =>
  staffRegister(page)
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => (r as unknown as { offsetHeight: number }).offsetHeight));

const focusedLabel = (page: Page) => page.evaluate('document.activeElement?.getAttribute("aria-label")');

describe('the staff register at narrow widths', () => {
  it('keeps only the first name fixed on a tablet and with the navigation open at 1024 px', async () => {
    const tablet = await e2e.newPage(TABLET);
    await signIn(tablet, 'pm@demo.test');
    await openStaff(tablet, STAFF, 'Okafor');
    const narrow = await dataWindow(tablet);
    expect(narrow.fixed).toEqual(['First name']);
    expect(narrow.width).toBeGreaterThanOrEqual(450);

    const laptop = await e2e.newPage({ width: 1024, height: 800 });
    await signIn(laptop, 'pm@demo.test');
    await openStaff(laptop, STAFF, 'Okafor');
    if (await laptop.getByRole('button', { name: 'Show navigation' }).isVisible())
      await laptop.getByRole('button', { name: 'Show navigation' }).click();
    await laptop.getByRole('button', { name: 'Hide navigation' }).waitFor();
    await expect.poll(async () => (await dataWindow(laptop)).fixed, POLL).toEqual(['First name']);
    expect((await dataWindow(laptop)).width).toBeGreaterThanOrEqual(450);

    // A wide register keeps the spec's four fixed columns, and still some 450 px for the rest.
    const { page } = e2e;
    await signIn(page, 'pm@demo.test');
    await openStaff(page, STAFF, 'Okafor');
    const wide = await dataWindow(page);
    expect(wide.fixed).toEqual(['Verified', 'Title', 'First name', 'Last name']);
    expect(wide.width).toBeGreaterThanOrEqual(450);
  });

  it('shows the message of a column scrolled out of view after Save, either way, and focuses it', async () => {
    const page = await e2e.newPage(TABLET);
    await signIn(page, 'pm@demo.test');
    await openStaff(page, STAFF, 'Okafor');
    await page.getByRole('button', { name: 'Edit Jack Okafor' }).click();
    await editRow(page).waitFor();
    const hours = editRow(page).getByLabel('Hours/week', { exact: true });
    await hours.fill('');

    const message = editRow(page).getByText('Field required');
    const expectInView = async () => {
      await message.waitFor();
      const frame = await box(staffScroller(page));
      const fixedEnd = (await box(header(page, 'First name'))).right;
      const shown = await box(message);
      expect(shown.left).toBeGreaterThanOrEqual(fixedEnd);
      expect(shown.right).toBeLessThanOrEqual(frame.right);
      expect(await focusedLabel(page)).toBe('Hours/week');
    };

    // Save pressed at the far right (where a click scrolls the table): the message is to the left.
    await editRow(page).getByRole('button', { name: 'Save' }).click();
    await expectInView();

    // A row stored without hours (from before they were required), saved from the keyboard with
    // the table at its left edge: the message is to the right.
    await editRow(page).getByRole('button', { name: 'Cancel' }).click();
    await e2e.stack.sql.query(
      `update practice_staff set hours_per_week = null
        where practice_id = 3 and first_name = 'Noah' and last_name = 'Young'`,
    );
    await page.reload();
    await staffRegister(page).getByRole('button', { name: 'Edit Noah Young' }).click();
    await editRow(page).waitFor();
    expect(await editRow(page).getByLabel('Last name', { exact: true }).inputValue()).toBe('Young');
    expect(await hours.inputValue()).toBe('');
    expect(await message.count()).toBe(0);
    await editRow(page).getByRole('button', { name: 'Save' }).focus();
    await scrollRegister(page, 0);
    await page.keyboard.press('Enter');
    await expectInView();
    // Every row keeps its height with the message showing.
    expect(new Set(await rowHeights(page))).toEqual(new Set([58]));
  });

  it('keeps every row’s height while a document uploads, at 1280 and 768 px', async () => {
    for (const viewport of [{ width: 1280, height: 860 }, TABLET]) {
      const page = await e2e.newPage(viewport);
      await signIn(page, 'pm@demo.test');
      await openStaff(page, STAFF, 'Okafor');
      const before = await rowHeights(page);
      await page.getByRole('button', { name: 'Edit Jack Okafor' }).click();
      await editRow(page).waitFor();
      expect(await rowHeights(page)).toEqual(before);

      const uploads = await holdUploads(page);
      const chooser = page.waitForEvent('filechooser');
      await editRow(page).getByRole('button', { name: 'Upload Training evidence' }).click();
      await (await chooser).setFiles(samplePdf(`Jack Okafor training ${viewport.width}.pdf`));
      await editRow(page)
        .getByRole('progressbar', { name: 'Uploading Training evidence' })
        .waitFor({ state: 'attached' });
      await expect.poll(() => uploads.held(), POLL).toBe(1);
      expect(await rowHeights(page)).toEqual(before);

      uploads.release();
      await page.getByText('File upload was successful!', { exact: true }).waitFor({ timeout: 15_000 });
      await editRow(page).getByRole('progressbar').waitFor({ state: 'detached' });
      await editRow(page)
        .getByRole('button', { name: `Download Jack Okafor training ${viewport.width}.pdf` })
        .waitFor();
      expect(await rowHeights(page)).toEqual(before);
    }
  });
});
