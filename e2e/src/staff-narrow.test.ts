import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { ACTION_TIMEOUT_MS } from './support/browser.ts';
import { createStaffedPractice } from './support/factories.ts';
import {
  editRowHeight,
  holdUploads,
  openStaff,
  samplePdf,
  staffEditRow,
  staffRegister,
  staffScroller,
  textAreaLines,
  viewRowHeights,
} from './support/staff-register.ts';
import { useE2e } from './support/suite.ts';

/**
 * The staff register at the widths practice managers use (spec 000 §2 fixed columns, §5 cell
 * messages): which columns stay fixed and how much of the rest is in view, a refused Save showing
 * a message in a column scrolled out of view, text cells of 2 to 8 lines (spec 000 §9), and a row
 * in edit that keeps its height while typing on one line, with messages and while a document
 * uploads. One stack for the file; each test makes its own practice, manager and register.
 */
const e2e = useE2e();

const POLL = { timeout: ACTION_TIMEOUT_MS, interval: 100 };
const TABLET = { width: 768, height: 1024 };

const editRow = staffEditRow;
/** Spec 000 §9: 'Editable cell text areas 2 to 8 rows.' */
const CELL_TEXTAREA_MIN_ROWS = 2;
const CELL_TEXTAREA_MAX_ROWS = 8;
/** Every row not in edit is one line high. */
const VIEW_ROW_HEIGHT = 58;
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

const focusedLabel = (page: Page) => page.evaluate('document.activeElement?.getAttribute("aria-label")');

describe('the staff register at narrow widths', () => {
  it('keeps only the first name fixed on a tablet and with the navigation open at 1024 px', async () => {
    const { manager, staff, staffPath } = await createStaffedPractice(e2e.stack.sql);
    const someone = staff.nurse.lastName;
    const tablet = await e2e.newPage(TABLET);
    await openStaff(tablet, staffPath, someone, manager);
    const narrow = await dataWindow(tablet);
    expect(narrow.fixed).toEqual(['First name']);
    expect(narrow.width).toBeGreaterThanOrEqual(450);
    await expectAccessible(tablet, 'the staff register at 768 px, scrolled sideways');

    const laptop = await e2e.newPage({ width: 1024, height: 800 });
    await openStaff(laptop, staffPath, someone, manager);
    if (await laptop.getByRole('button', { name: 'Show navigation' }).isVisible())
      await laptop.getByRole('button', { name: 'Show navigation' }).click();
    await laptop.getByRole('button', { name: 'Hide navigation' }).waitFor();
    await expect.poll(async () => (await dataWindow(laptop)).fixed, POLL).toEqual(['First name']);
    expect((await dataWindow(laptop)).width).toBeGreaterThanOrEqual(450);
    await expectAccessible(laptop, 'the staff register at 1024 px, navigation open over it');

    // A wide register keeps the spec's four fixed columns, and still some 450 px for the rest.
    const { page } = e2e;
    await openStaff(page, staffPath, someone, manager);
    const wide = await dataWindow(page);
    expect(wide.fixed).toEqual(['Verified', 'Title', 'First name', 'Last name']);
    expect(wide.width).toBeGreaterThanOrEqual(450);
  });

  it('shows the message of a column scrolled out of view after Save, either way, and focuses it', async () => {
    const { manager, staff, staffPath } = await createStaffedPractice(e2e.stack.sql);
    const { nurse, other } = staff;
    const page = await e2e.newPage(TABLET);
    await openStaff(page, staffPath, nurse.lastName, manager);
    await page.getByRole('button', { name: `Edit ${nurse.name}` }).click();
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
    await expectAccessible(page, 'the staff register at 768 px, a refused Save');

    // A row stored without hours (from before they were required), saved from the keyboard with
    // the table at its left edge: the message is to the right.
    await editRow(page).getByRole('button', { name: 'Cancel' }).click();
    await e2e.stack.sql.query('update practice_staff set hours_per_week = null where id = $1', [other.id]);
    await page.reload();
    await staffRegister(page)
      .getByRole('button', { name: `Edit ${other.name}` })
      .click();
    await editRow(page).waitFor();
    expect(await editRow(page).getByLabel('Last name', { exact: true }).inputValue()).toBe(other.lastName);
    expect(await hours.inputValue()).toBe('');
    expect(await message.count()).toBe(0);
    const height = await editRowHeight(page);
    await editRow(page).getByRole('button', { name: 'Save' }).focus();
    await scrollRegister(page, 0);
    await page.keyboard.press('Enter');
    await expectInView();
    // The row in edit keeps its height with the message showing, and the others theirs.
    expect(await editRowHeight(page)).toBe(height);
    expect(new Set(await viewRowHeights(page))).toEqual(new Set([VIEW_ROW_HEIGHT]));
  });

  it('keeps the row in edit one height while typing on one line and while a document uploads, at 1280 and 768 px', async () => {
    const { manager, staff, staffPath } = await createStaffedPractice(e2e.stack.sql);
    const { nurse } = staff;
    for (const viewport of [{ width: 1280, height: 860 }, TABLET]) {
      const page = await e2e.newPage(viewport);
      await openStaff(page, staffPath, nurse.lastName, manager);
      expect(new Set(await viewRowHeights(page))).toEqual(new Set([VIEW_ROW_HEIGHT]));
      await page.getByRole('button', { name: `Edit ${nurse.name}` }).click();
      await editRow(page).waitFor();
      // Taller than a view row (text areas of two lines), which keep their height.
      const height = await editRowHeight(page);
      expect(height).toBeGreaterThan(VIEW_ROW_HEIGHT);
      expect(new Set(await viewRowHeights(page))).toEqual(new Set([VIEW_ROW_HEIGHT]));

      const first = editRow(page).getByLabel('First name', { exact: true });
      await first.press('Control+End');
      await first.pressSequentially(' Jr');
      expect(await first.inputValue()).toBe(`${nurse.firstName} Jr`);
      expect(await editRowHeight(page)).toBe(height);
      await first.fill(nurse.firstName);

      const uploads = await holdUploads(page);
      const chooser = page.waitForEvent('filechooser');
      await editRow(page).getByRole('button', { name: 'Upload Training evidence' }).click();
      await (await chooser).setFiles(samplePdf(`${nurse.name} training ${viewport.width}.pdf`));
      await editRow(page)
        .getByRole('progressbar', { name: 'Uploading Training evidence' })
        .waitFor({ state: 'attached' });
      await expect.poll(() => uploads.held(), POLL).toBe(1);
      expect(await editRowHeight(page)).toBe(height);
      await expectAccessible(page, `the staff register at ${viewport.width} px, a document uploading`);

      uploads.release();
      await page.getByText('File upload was successful!', { exact: true }).waitFor({ timeout: 15_000 });
      await editRow(page).getByRole('progressbar').waitFor({ state: 'detached' });
      await editRow(page)
        .getByRole('button', { name: `Download ${nurse.name} training ${viewport.width}.pdf` })
        .waitFor();
      expect(await editRowHeight(page)).toBe(height);
      expect(new Set(await viewRowHeights(page))).toEqual(new Set([VIEW_ROW_HEIGHT]));
    }
  });

  it('edits text in text areas of 2 lines that grow to 8 as a long value wraps, then scroll', async () => {
    const { manager, staff, staffPath } = await createStaffedPractice(e2e.stack.sql);
    const { nurse } = staff;
    // Its address, jack.okonjo@kingfisher-gp.demo.test, takes the two lines a cell starts with.
    const address = nurse.email!;
    const page = await e2e.newPage(TABLET);
    await openStaff(page, staffPath, nurse.lastName, manager);
    await page.getByRole('button', { name: `Edit ${nurse.name}` }).click();
    await editRow(page).waitFor();
    const email = editRow(page).getByLabel('Email', { exact: true });
    expect(await textAreaLines(email)).toEqual({
      shown: CELL_TEXTAREA_MIN_ROWS,
      needed: CELL_TEXTAREA_MIN_ROWS,
    });
    const height = await editRowHeight(page);

    // Enter adds no line; a longer address wraps and the cell grows with it, its row as tall as it
    // (the row may already be taller: the phone cell holds its country above the number).
    await email.press('Control+End');
    await email.press('Enter');
    await email.pressSequentially('.harbour-and-coast-health.example');
    expect(await email.inputValue()).toBe(`${address}.harbour-and-coast-health.example`);
    const three = await textAreaLines(email);
    expect(three.shown).toBe(three.needed);
    expect(three.shown).toBeGreaterThan(CELL_TEXTAREA_MIN_ROWS);
    const emailHeight = async () => (await email.boundingBox())?.height ?? 0;
    expect(await editRowHeight(page)).toBeGreaterThanOrEqual(Math.max(height, await emailHeight()));

    // Far longer: eight lines at most, the rest scrolls inside the cell; the row grows with it.
    await email.fill(`jack.${'okonjo'.repeat(40)}@kingfisher-gp.demo.test`);
    await expect.poll(async () => (await textAreaLines(email)).shown, POLL).toBe(CELL_TEXTAREA_MAX_ROWS);
    expect((await textAreaLines(email)).needed).toBeGreaterThan(CELL_TEXTAREA_MAX_ROWS);
    expect(await editRowHeight(page)).toBeGreaterThan(height);
    expect(await editRowHeight(page)).toBeGreaterThanOrEqual(await emailHeight());
    await expectAccessible(page, 'the staff register at 768 px, a cell of 8 lines');

    // Back to one line: back to two lines and the row's first height.
    await email.fill(address);
    await expect.poll(() => editRowHeight(page), POLL).toBe(height);
  });
});
