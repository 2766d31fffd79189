import type { Locator, Page } from 'playwright-core';

/** The staff register of the open practice (the table is labelled for screen readers). */
export const staffRegister = (page: Page): Locator => page.getByRole('table', { name: 'Staff register' });

/** The register's row(s) containing `text` (a name or an e-mail address). */
export const staffRow = (page: Page, text: string): Locator =>
  staffRegister(page).getByRole('row').filter({ hasText: text });

/** Opens a practice's Staff tab and waits until its register shows a row containing `someone`. */
export async function openStaff(page: Page, path: string, someone: string): Promise<void> {
  await page.goto(path);
  await staffRegister(page).waitFor();
  await staffRow(page, someone).waitFor();
}

/** Waits for a toast (or any text) that reads exactly `text`. */
export async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).waitFor();
}
