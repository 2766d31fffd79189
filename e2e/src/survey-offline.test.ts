import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readResponses } from './support/assessment-data.ts';
import {
  openIndicator,
  recordSaveStates,
  signInTo,
  waitForAssessmentScreen,
  waitForSaveState,
} from './support/assessment-screen.ts';
import { expectAccessible } from './support/axe.ts';
import {
  conflictDialog,
  connectionBanner,
  controlledByServiceWorker,
  notSavedAlert,
  queuedWrites,
  waitForDeviceCopy,
} from './support/offline.ts';
import { SCREENSHOT_DIR } from './support/screenshots.ts';
import { useE2e } from './support/suite.ts';
import { createSurveyWorld, surveyPath } from './support/survey-data.ts';

/**
 * Survey capture without a connection (docs/decisions/offline.md): a surveyor opens the survey
 * visit assessment (the device keeps its copy), loses the network (the browser context goes
 * offline), rates ten indicators, ticks an item, writes an observation, a comment and the summary;
 * the banner counts the changes; the page is reloaded offline and shows every edit; back online the
 * queue is sent and every edit is in the database exactly once, the field someone else changed
 * meanwhile shows the conflict view, and "Keep mine" writes it. A second test cuts the network by
 * failing every GraphQL request instead, and a status change meanwhile refuses the queued writes:
 * the "Not saved" list names them and can be copied. axe on the banner, the conflict view and the
 * list.
 */
// Each test is a first visit: the service worker installs and the device copy is made anew.
const e2e = useE2e({ contextPerTest: true });

/** The screen as the test saw it, for looking at (e2e/screenshots/survey-offline-*.png, git-ignored). */
async function look(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `survey-offline-${name}.png`) });
}

const compliance = (panel: Locator) => panel.getByRole('radiogroup', { name: 'Compliance' });

/** Records whether a loader or a skeleton ever replaces the screen from now on. */
async function watchForBlankScreen(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const blank = '[data-testid="practice-overview-skeleton"], [role="status"][aria-label="Loading"], [aria-label="Loading practice"]';
    window.__blankSeen = false;
    new MutationObserver(() => {
      // A loader or skeleton, or the practice's heading or the connection banner gone (unmounted).
      const gone = !document.querySelector('h1') || !document.querySelector('[role="status"][aria-label="Connection"]');
      if (document.querySelector(blank) || gone) window.__blankSeen = true;
    }).observe(document.body, { childList: true, subtree: true });
  })()`);
}
const blankScreenSeen = (page: Page) => page.evaluate('window.__blankSeen') as Promise<boolean>;

/** The ten indicators rated offline (of twelve: two sets of six). */
const RATED = ['C1.1', 'C1.2', 'C1.3', 'C1.4', 'C1.5', 'C1.6', 'C2.1', 'C2.2', 'C2.3', 'C2.4'];

const COMMENT = 'Sharps bin in room 3 is over the fill line.';
const SUMMARY = 'Well run practice; the sharps disposal needs attention.';
/** The Surveyor Summary panel's line while the summary waits on the device (web's SUMMARY_SAVED_ON_DEVICE). */
const SUMMARY_SAVED_ON_DEVICE =
  'Your surveyor summary is saved on this device. It is sent when you are back online.';
const MINE = 'Reception could offer a quieter space for private conversations.';
const THEIRS = 'Reception is busy at 9 am.';

async function writeSummary(page: Page, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Edit summary', exact: true }).click();
  const modal = page.getByRole('dialog', { name: /Summary$/ });
  await modal.getByRole('textbox', { name: 'Summary' }).fill(text);
  await modal.getByRole('button', { name: 'Save summary' }).click();
  await modal.waitFor({ state: 'detached' });
  await page.getByRole('region', { name: 'Surveyor Summary' }).getByText(text).waitFor();
}

describe('survey capture offline', { timeout: 240_000 }, () => {
  it('keeps every edit made offline across a reload, sends each once on reconnect, and asks about a conflict', async () => {
    const { page, context, stack } = e2e;
    const world = await createSurveyWorld(stack.sql, { signed: [0], sets: 2, indicatorsPerSet: 6 });
    const [sasha] = world.surveyors;
    const [c25, c26] = [world.standards.indicatorIds[10]!, world.standards.indicatorIds[11]!];
    await recordSaveStates(context);
    await signInTo(page, sasha, surveyPath(world));
    await waitForAssessmentScreen(page);
    await controlledByServiceWorker(page);
    await waitForAssessmentScreen(page);
    await waitForDeviceCopy(page, sasha.id, world.assessmentId);
    // The other surveyor is editing C2.6 as the connection drops.
    const [, kim] = world.surveyors;
    await openIndicator(page, 'C2.6');
    const c26Response = await stack.sql.query<{ id: number }>(
      'select id from indicator_responses where assessment_id = $1 and indicator_id = $2',
      [world.assessmentId, c26],
    );
    await stack.sql.query(
      'insert into indicator_locks (assessment_id, indicator_response_id, user_id) values ($1, $2, $3)',
      [world.assessmentId, c26Response.rows[0]!.id, kim.id],
    );
    const kimEditing = page.getByText(`${kim.name} is editing this indicator.`, { exact: false });
    await kimEditing.waitFor();
    await watchForBlankScreen(page);

    await context.setOffline(true);
    const banner = connectionBanner(page);
    await banner.getByText(/^You are offline since \d\d:\d\d\./).waitFor();
    // Going offline never blanks the screen (no loader, no skeleton) and the banner says so at once.
    await banner.getByText('No changes waiting to be sent.').waitFor({ timeout: 5000 });
    await banner.getByText(/^Others are not told which indicators you are editing/).waitFor();
    expect(await blankScreenSeen(page)).toBe(false);
    // Offline, who is editing what is not known: no lock shows (the last one seen would be stale).
    await kimEditing.waitFor({ state: 'detached' });
    // Meanwhile Kim stops editing.
    await stack.sql.query('delete from indicator_locks where user_id = $1', [kim.id]);
    await expectAccessible(page, 'the offline banner');

    for (const code of RATED) {
      const panel = await openIndicator(page, code);
      await compliance(panel).getByRole('radio', { name: 'Not applicable' }).check();
      await waitForSaveState(page, code, 'Saved on this device');
    }
    const ticked = await openIndicator(page, 'C2.5');
    await ticked.getByRole('checkbox', { name: /Item 2/ }).check();
    await waitForSaveState(page, 'C2.5', 'Saved on this device');
    await ticked.getByRole('textbox', { name: 'Add a comment' }).fill(COMMENT);
    await ticked.getByRole('button', { name: 'Add comment' }).click();
    await ticked.getByText('waiting to be sent').waitFor();
    const observed = await openIndicator(page, 'C2.6');
    await observed.getByRole('textbox', { name: 'Opportunities for improvement' }).fill(MINE);
    await waitForSaveState(page, 'C2.6', 'Saved on this device');
    await writeSummary(page, SUMMARY);
    // Ten ratings, a tick, an observation, a comment and the summary.
    await banner.getByText('14 changes waiting to be sent.').waitFor();
    expect(await queuedWrites(page)).toBe(14);
    await expectAccessible(page, 'the offline banner with changes waiting');
    await look(page, 'offline-pending');

    // Reloaded without a network: the service worker's shell, the device's copy and queue.
    await page.reload();
    await waitForAssessmentScreen(page);
    await banner.getByText('14 changes waiting to be sent.').waitFor();
    for (const code of RATED) {
      const panel = await openIndicator(page, code);
      expect(await compliance(panel).getByRole('radio', { name: 'Not applicable' }).isChecked()).toBe(true);
    }
    const tickedAgain = await openIndicator(page, 'C2.5');
    expect(await tickedAgain.getByRole('checkbox', { name: /Item 2/ }).isChecked()).toBe(true);
    await tickedAgain.getByText(COMMENT).waitFor();
    const observedAgain = await openIndicator(page, 'C2.6');
    expect(
      await observedAgain.getByRole('textbox', { name: 'Opportunities for improvement' }).inputValue(),
    ).toBe(MINE);
    await page.getByRole('region', { name: 'Surveyor Summary' }).getByText(SUMMARY).waitFor();
    // Nothing reached the server.
    const before = await readResponses(stack.sql, world.assessmentId);
    expect([...before.values()].filter((r) => r.compliance !== null)).toHaveLength(0);

    // Meanwhile someone else wrote the same observation.
    await stack.sql.query(
      'update indicator_responses set observation = $1 where assessment_id = $2 and indicator_id = $3',
      [THEIRS, world.assessmentId, c26],
    );

    await context.setOffline(false);
    const conflict = conflictDialog(page);
    await conflict.waitFor({ timeout: 30_000 });
    await conflict
      .getByText('While you were offline, someone else changed these. Choose which to keep.')
      .waitFor();
    // Behind the conflict view only the current locks show: Kim's, released meanwhile, does not.
    expect(await kimEditing.count()).toBe(0);
    const group = conflict.getByRole('group', { name: 'C2.6 Opportunities for improvement' });
    await group.getByText(MINE).waitFor();
    await group.getByText(THEIRS).waitFor();
    await expectAccessible(page, 'the conflict view');
    await look(page, 'conflict');
    await group.getByRole('button', { name: 'Keep mine' }).click();
    await conflict.waitFor({ state: 'detached' });
    await banner.getByText('All changes saved.').waitFor();
    await look(page, 'all-saved');
    expect(await queuedWrites(page)).toBe(0);

    // Every edit is in the database, once.
    const after = await readResponses(stack.sql, world.assessmentId);
    for (const [index, id] of world.standards.indicatorIds.entries()) {
      expect(after.get(id)?.compliance ?? null).toBe(index < 10 ? 'NOT_APPLICABLE' : null);
    }
    expect(after.get(c25)?.checklists).toMatchObject({ '1': { '2': true } });
    expect(after.get(c26)?.observation).toBe(MINE);
    const comments = await stack.sql.query<{ n: string }>(
      `select count(*) as n from comments c join indicator_responses r on r.id = c.indicator_response_id
        where r.assessment_id = $1 and c.comment = $2 and c.created_by_id = $3`,
      [world.assessmentId, COMMENT, sasha.id],
    );
    expect(Number(comments.rows[0]!.n)).toBe(1);
    const summaries = await stack.sql.query<{ text: string }>(
      'select text from general_comments where assessment_id = $1 and user_id = $2 and not archived',
      [world.assessmentId, sasha.id],
    );
    expect(summaries.rows).toEqual([{ text: SUMMARY }]);
    // No lock was announced while offline, and none is left behind.
    const locks = await stack.sql.query('select 1 from indicator_locks where assessment_id = $1', [
      world.assessmentId,
    ]);
    expect(locks.rowCount).toBe(0);
  });

  it('queues saves whose requests fail, and lists the writes a status change refused, copyable', async () => {
    const { page, context, stack } = e2e;
    const world = await createSurveyWorld(stack.sql, { signed: [0] });
    const [sasha] = world.surveyors;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await recordSaveStates(context);
    await signInTo(page, sasha, surveyPath(world));
    await waitForAssessmentScreen(page);
    await waitForDeviceCopy(page, sasha.id, world.assessmentId);

    // The Wi-Fi is up but nothing gets through: every GraphQL request fails.
    await context.route('**/v1/graphql', (route) => route.abort());
    const first = await openIndicator(page, 'C1.1');
    await compliance(first).getByRole('radio', { name: 'Not applicable' }).check();
    await waitForSaveState(page, 'C1.1', 'Saved on this device');
    const banner = connectionBanner(page);
    await banner.getByText(/^You are offline since \d\d:\d\d\./).waitFor();
    const second = await openIndicator(page, 'C1.2');
    await second
      .getByRole('textbox', { name: 'Opportunities for improvement' })
      .fill('Fridge log kept daily.');
    await waitForSaveState(page, 'C1.2', 'Saved on this device');
    await second.getByRole('textbox', { name: 'Add a comment' }).fill(COMMENT);
    await second.getByRole('button', { name: 'Add comment' }).click();
    await second.getByText('waiting to be sent').waitFor();
    await writeSummary(page, SUMMARY);
    // The summary kept on the device is said beside it, calmly, not in a toast over the menu.
    const summaryPanel = page.getByRole('region', { name: 'Surveyor Summary' });
    await summaryPanel.getByText(SUMMARY_SAVED_ON_DEVICE).waitFor();
    expect(await page.getByText(SUMMARY_SAVED_ON_DEVICE).count()).toBe(1);
    await banner.getByText('4 changes waiting to be sent.').waitFor();

    // Meanwhile the assessment moved on: the findings are under review.
    await stack.sql.query(`update assessments set status = 'UNDER_REVIEW' where id = $1`, [
      world.assessmentId,
    ]);
    await context.unroute('**/v1/graphql');

    const refused = notSavedAlert(page);
    await refused.waitFor({ timeout: 30_000 });
    const items = refused.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(4);
    // Every item says why in a surveyor's words, the comment and the summary too (the engine's
    // permission check refuses those: its own words never show).
    const why = 'The assessment is now under review: it can no longer be changed.';
    expect(await items.allTextContents()).toEqual([
      `C1.1 Compliance: Not applicable — ${why}`,
      `C1.2 Opportunities for improvement: Fridge log kept daily. — ${why}`,
      `C1.2 Comment: ${COMMENT} — ${why}`,
      `Surveyor summary: ${SUMMARY} — ${why}`,
    ]);
    expect(await refused.textContent()).not.toMatch(/constraint|permission/);
    expect(await page.getByText('All changes saved.').count()).toBe(0);
    await expectAccessible(page, 'the Not saved list');
    await look(page, 'not-saved');
    await refused.getByRole('button', { name: 'Copy list' }).click();
    await refused.getByText('Copied').waitFor();
    const copied = (await page.evaluate('navigator.clipboard.readText()')) as string;
    expect(copied.split('\n')).toEqual(await items.allTextContents());
    expect(await queuedWrites(page)).toBe(0);
    const rows = await readResponses(stack.sql, world.assessmentId);
    expect(rows.get(world.standards.indicatorIds[0]!)?.compliance).toBeNull();
    expect(rows.get(world.standards.indicatorIds[1]!)?.observation).toBeNull();
    await refused.getByRole('button', { name: 'Dismiss' }).click();
    await refused.waitFor({ state: 'detached' });
    // The screen was refreshed from the server: the findings under review are read only.
    await page.getByText(/· Read only$/).waitFor();
  });
});
