import type { Locator, Page } from 'playwright-core';
import { openSignedIn } from './browser.ts';

/** The staff register of the open practice (the table is labelled for screen readers). */
export const staffRegister = (page: Page): Locator => page.getByRole('table', { name: 'Staff register' });

/** The register's row(s) containing `text` (a name or an e-mail address). */
export const staffRow = (page: Page, text: string): Locator =>
  staffRegister(page).getByRole('row').filter({ hasText: text });

/**
 * Opens a practice's Staff tab, signed in as `user` first when given (`openSignedIn`), and waits
 * until its register shows a row containing `someone`.
 */
export async function openStaff(
  page: Page,
  path: string,
  someone: string,
  user?: { email: string; password: string },
): Promise<void> {
  if (user) await openSignedIn(page, user, path);
  else await page.goto(path);
  await staffRegister(page).waitFor();
  await staffRow(page, someone).waitFor();
}

/** Waits for a toast (or any text) that reads exactly `text`. */
export async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).waitFor();
}

/** The register's row in edit (the one row at a time, spec 000 §4). */
export const staffEditRow = (page: Page): Locator =>
  staffRegister(page).getByRole('row', { name: 'Row in edit' });

/** The height of every row of the register's body, top to bottom. */
export const rowHeights = (page: Page): Promise<number[]> =>
  staffRegister(page)
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => (r as unknown as { offsetHeight: number }).offsetHeight));

/** The heights of the rows not in edit (all one height: one line each). */
export const viewRowHeights = (page: Page): Promise<number[]> =>
  staffRegister(page)
    .locator('tbody tr:not([aria-label="Row in edit"])')
    .evaluateAll((rows) => rows.map((r) => (r as unknown as { offsetHeight: number }).offsetHeight));

/** The height of the row in edit. */
export const editRowHeight = (page: Page): Promise<number> =>
  staffEditRow(page).evaluate((row) => (row as unknown as { offsetHeight: number }).offsetHeight);

/**
 * How many lines of text a text area shows (its inner height over its line height) and how many
 * its value needs (the scroll height over the same).
 */
export const textAreaLines = (textarea: Locator): Promise<{ shown: number; needed: number }> =>
  textarea.evaluate((node) => {
    const area = node as unknown as { clientHeight: number; scrollHeight: number };
    const style = (
      globalThis as unknown as {
        getComputedStyle(n: unknown): { lineHeight: string; paddingTop: string; paddingBottom: string };
      }
    ).getComputedStyle(node);
    const line = Number.parseFloat(style.lineHeight);
    const padding = Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
    return {
      shown: Math.round((area.clientHeight - padding) / line),
      needed: Math.round((area.scrollHeight - padding) / line),
    };
  });

/** The register's horizontal scroll container (the table sits in Mantine's inner wrapper). */
export const staffScroller = (page: Page): Locator => staffRegister(page).locator('xpath=../..');

/** A small but real PDF, padded to `padding` spaces. */
export function samplePdf(
  name: string,
  padding = 20_000,
): { name: string; mimeType: string; buffer: Buffer } {
  const buffer = Buffer.concat([
    Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'),
    Buffer.alloc(padding, 0x20),
    Buffer.from('\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  ]);
  return { name, mimeType: 'application/pdf', buffer };
}

/**
 * Holds every file PUT (the upload to the presigned URL) until `release()`, so that a test or a
 * screenshot sees an upload on its way; `release()` lets them through and stops holding.
 */
export async function holdUploads(page: Page): Promise<{ held(): number; release(): void }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let count = 0;
  await page.route('**/*', async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    count += 1;
    await gate;
    await route.continue();
  });
  return {
    held: () => count,
    release: () => open(),
  };
}
