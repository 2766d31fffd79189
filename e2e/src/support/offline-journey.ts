import type pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openIndicator } from './assessment-screen.ts';
import { signIn } from './browser.ts';
import { connectionBanner } from './offline.ts';
import type { SurveyWorld } from './survey-data.ts';

/**
 * The offline journeys' shared steps (docs/decisions/offline.md): the connection banner as the
 * offline UI contract names it, the edits a surveyor makes without a network (a tick, a rating, an
 * observation, a comment, the summary), and the SQL that proves each landed exactly once.
 */

/** The tablet: the width the offline work is designed for. */
export const TABLET = { width: 768, height: 1024 } as const;

/**
 * Signs in on the tablet and opens `path` (the main navigation is folded away at this width, so
 * the signed-in frame is the header's account menu).
 */
export async function signInOnTablet(
  page: Page,
  user: { email: string; password: string; name: string },
  path: string,
): Promise<void> {
  await signIn(page, user.email, { password: user.password });
  await page.getByRole('button', { name: `Account menu for ${user.name}` }).waitFor();
  await page.goto(path);
}

/** "3 changes waiting to be sent." / "1 change waiting to be sent." */
export const waitingWords = (count: number): string =>
  `${count} ${count === 1 ? 'change' : 'changes'} waiting to be sent.`;

/** Waits until the banner says the app is offline (with the time it went). */
export async function waitForOfflineBanner(page: Page): Promise<void> {
  await connectionBanner(page)
    .getByText(/^You are offline since \d{2}:\d{2}\./)
    .waitFor();
}

/**
 * Waits until the banner counts changes waiting (they are on the device then): exactly `count`,
 * or at least `atLeast`; returns the number it shows.
 */
export async function waitForWaiting(page: Page, count: number | { atLeast: number }): Promise<number> {
  if (typeof count === 'number') {
    await connectionBanner(page).getByText(waitingWords(count), { exact: true }).waitFor();
    return count;
  }
  const shown = async () => {
    const text = (await connectionBanner(page).textContent()) ?? '';
    const match = /(\d+) changes? waiting to be sent\./.exec(text);
    return match ? Number(match[1]) : 0;
  };
  // (Not vitest's expect.poll: the screenshot script runs outside vitest.)
  const deadline = Date.now() + 8_000;
  while ((await shown()) < count.atLeast) {
    if (Date.now() > deadline)
      throw new Error(`the banner shows ${await shown()} changes waiting, not at least ${count.atLeast}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return shown();
}

/** What `editOffline` types, by indicator code; each test's own words. */
export interface OfflineEdits {
  observation: string;
  comment: string;
  summary: string;
}

export const offlineEdits = (tag: string): OfflineEdits => ({
  observation: `Label the vaccine fridge (${tag}).`,
  comment: `Ask for the cleaning log (${tag}).`,
  summary: `A tidy practice; the cold chain needs labels (${tag}).`,
});

/** The edits `editOffline` makes (tick, rating, observation, comment, summary): at least this many writes wait. */
export const OFFLINE_EDIT_COUNT = 5;

const compliance = (panel: Locator) => panel.getByRole('radiogroup', { name: 'Compliance' });

/**
 * Makes the offline edits on the open survey assessment: ticks C1.1's must-have (Met follows),
 * rates C1.2 Not applicable, writes C2.1's opportunities for improvement, comments on C2.2 and
 * writes the surveyor summary. Each step waits until the screen shows it.
 */
export async function editOffline(page: Page, edits: OfflineEdits): Promise<void> {
  const c11 = await openIndicator(page, 'C1.1');
  await c11.getByRole('checkbox', { name: /Item 1/ }).check();
  await compliance(c11).getByRole('radio', { name: 'Met', exact: true, checked: true }).waitFor();

  const c12 = await openIndicator(page, 'C1.2');
  await compliance(c12).getByRole('radio', { name: 'Not applicable' }).check();

  const c21 = await openIndicator(page, 'C2.1');
  await c21.getByRole('textbox', { name: 'Opportunities for improvement' }).fill(edits.observation);

  const c22 = await openIndicator(page, 'C2.2');
  await c22.getByRole('textbox', { name: 'Add a comment' }).fill(edits.comment);
  await c22.getByRole('button', { name: 'Add comment' }).click();
  await c22.getByText(edits.comment).waitFor();

  await page.getByRole('button', { name: 'Edit summary', exact: true }).click();
  const modal = page.getByRole('dialog', { name: /Summary$/ });
  await modal.getByRole('textbox', { name: 'Summary' }).fill(edits.summary);
  await modal.getByRole('button', { name: 'Save summary' }).click();
  await modal.waitFor({ state: 'detached' });
}

/** Every offline edit is on the screen (after a reload, a restart). */
export async function expectEditsShown(page: Page, edits: OfflineEdits): Promise<void> {
  const c11 = await openIndicator(page, 'C1.1');
  expect(await c11.getByRole('checkbox', { name: /Item 1/ }).isChecked()).toBe(true);
  expect(await compliance(c11).getByRole('radio', { name: 'Met', exact: true }).isChecked()).toBe(true);
  const c12 = await openIndicator(page, 'C1.2');
  expect(await compliance(c12).getByRole('radio', { name: 'Not applicable' }).isChecked()).toBe(true);
  const c21 = await openIndicator(page, 'C2.1');
  expect(await c21.getByRole('textbox', { name: 'Opportunities for improvement' }).inputValue()).toBe(
    edits.observation,
  );
  const c22 = await openIndicator(page, 'C2.2');
  await c22.getByText(edits.comment).waitFor();
  await page.getByRole('region', { name: 'Surveyor Summary' }).getByText(edits.summary).waitFor();
}

interface EditRows {
  /** C1.1..C2.2's responses as stored. */
  responses: Array<{
    id: number;
    compliance: string | null;
    observation: string | null;
    checklists: unknown;
  }>;
  comments: number;
  summaries: number;
}

async function readEdits(
  sql: pg.Pool,
  world: SurveyWorld,
  userId: number,
  edits: OfflineEdits,
): Promise<EditRows> {
  const { rows: responses } = await sql.query(
    `select r.id, r.compliance, r.observation, r.checklists
       from indicator_responses r where r.assessment_id = $1 and not r.archived
      order by array_position($2::int[], r.indicator_id)`,
    [world.assessmentId, world.standards.indicatorIds],
  );
  const { rows: comments } = await sql.query<{ n: number }>(
    `select count(*)::int as n from comments
      where indicator_response_id = $1 and comment = $2 and created_by_id = $3 and not archived`,
    [responses[3]!.id, edits.comment, userId],
  );
  const { rows: summaries } = await sql.query<{ n: number }>(
    `select count(*)::int as n from general_comments where assessment_id = $1 and text = $2 and user_id = $3 and not archived`,
    [world.assessmentId, edits.summary, userId],
  );
  return { responses, comments: comments[0]!.n, summaries: summaries[0]!.n };
}

/** Nothing of the edits is in the database yet (they wait on the device). */
export async function expectNoEditsStored(
  sql: pg.Pool,
  world: SurveyWorld,
  userId: number,
  edits: OfflineEdits,
): Promise<void> {
  const stored = await readEdits(sql, world, userId, edits);
  expect(stored.responses.map((r) => [r.compliance, r.observation])).toEqual([
    [null, null],
    [null, null],
    [null, null],
    [null, null],
  ]);
  expect([stored.comments, stored.summaries]).toEqual([0, 0]);
}

/**
 * Every edit is in the database exactly once: the values, one comment row and one summary row,
 * and in the audit log each changed field changed once, by the surveyor (a write replayed twice
 * would add a comment or summary row; a field written, undone and written again would add rows).
 */
export async function expectEditsStoredOnce(
  sql: pg.Pool,
  world: SurveyWorld,
  userId: number,
  edits: OfflineEdits,
): Promise<void> {
  const stored = await readEdits(sql, world, userId, edits);
  expect(stored.responses.map((r) => [r.compliance, r.observation])).toEqual([
    ['MET', null],
    ['NOT_APPLICABLE', null],
    [null, edits.observation],
    [null, null],
  ]);
  expect(JSON.stringify(stored.responses[0]!.checklists)).toMatch(/true/);
  expect([stored.comments, stored.summaries]).toEqual([1, 1]);
  const { rows } = await sql.query<{ row_id: string; field: string; n: number }>(
    `select a.row_id, f.field, count(*)::int as n
       from audit_log a
       cross join lateral (values ('compliance'), ('observation'), ('checklists')) as f(field)
      where a.table_name = 'indicator_responses' and a.operation = 'UPDATE'
        and a.row_id = any($1::text[]) and a.changed_by_id = $2
        and a.old_data -> f.field is distinct from a.new_data -> f.field
      group by a.row_id, f.field order by a.row_id, f.field`,
    [stored.responses.map((r) => String(r.id)), userId],
  );
  const ids = stored.responses.map((r) => String(r.id));
  expect(rows.map((r) => [ids.indexOf(r.row_id), r.field, r.n])).toEqual([
    [0, 'checklists', 1],
    [0, 'compliance', 1],
    [1, 'compliance', 1],
    [2, 'observation', 1],
  ]);
}
