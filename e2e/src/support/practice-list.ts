import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ACTION_TIMEOUT_MS } from './browser.ts';

/** The practice list's route (spec 000 §2). */
export const LIST = '/Practice/List';
export const POLL = { timeout: ACTION_TIMEOUT_MS, interval: 100 };

/** pm@demo.test's practices (hasura/seeds/default/40_practices.sql), by organisation id. */
export const PM_PRACTICES = {
  2: 'Riverbend Medical Centre',
  3: 'Southern Cross General Practice',
  4: 'Bayview Health Clinic',
  5: 'Wattle Grove Medical Practice',
  6: 'Red Centre Community Clinic',
  8: 'Capital Hill Medical Centre',
  10: 'Hinterland Family Doctors',
} as const;

/** What the page-side callbacks read of an element (this package has no DOM typings). */
export interface DomNode {
  innerText: string;
  textContent: string | null;
  querySelector(selector: string): DomNode | null;
  querySelectorAll(selector: string): ArrayLike<DomNode>;
}

/** The visible rows of the practice table, each as its cells' text (empty while loading). */
export async function tableRows(page: Page): Promise<string[][]> {
  return page
    .getByRole('table')
    .locator('tbody tr')
    .evaluateAll((rows) =>
      (rows as unknown as DomNode[]).map((row) =>
        Array.from(row.querySelectorAll('td'), (cell) => cell.innerText.trim()),
      ),
    );
}

/** The practice names of the visible rows, in order (the link, or the text of a locked row). */
export async function practiceNames(page: Page): Promise<string[]> {
  return page
    .getByRole('table')
    .locator('tbody tr')
    .evaluateAll((rows) =>
      (rows as unknown as DomNode[])
        .map((row) => row.querySelector('td a')?.textContent?.trim() ?? '')
        .filter((name) => name !== ''),
    );
}

const sorted = (names: readonly string[]) => [...names].sort();

/** Waits until the table shows exactly these practices (in any order). */
export async function expectPractices(page: Page, names: readonly string[]) {
  await expect.poll(async () => sorted(await practiceNames(page)), POLL).toEqual(sorted(names));
}

/** A minimal CSV reader (quoted fields, doubled quotes, CRLF or LF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell !== ''));
}
