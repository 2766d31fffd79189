import { ASSESSMENT_MESSAGES } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  addPracticeManager,
  assessmentPath,
  createSelfAssessmentWorld,
  readResponses,
} from './support/assessment-data.ts';
import {
  holdSaves,
  indicatorButton,
  openIndicator,
  recordSaveStates,
  saveStates,
  signInTo,
  waitForAssessmentScreen,
  waitForSaveState,
} from './support/assessment-screen.ts';
import { expectAccessible } from './support/axe.ts';
import { goOffline, goOnline } from './support/network.ts';
import { connectionBanner } from './support/offline.ts';
import { waitingWords } from './support/offline-journey.ts';
import { useE2e } from './support/suite.ts';

/**
 * Saving as the spec describes without losing a keystroke (spec 001 §4, §7): two
 * people in two browsers on one self assessment see who is editing an indicator and each other's
 * saved answers within 2 s, without a reload; two fields of one indicator typed at once by both
 * are both kept; an edit whose save the server fails is kept on screen, said to be retrying, and
 * saved by the next attempt; one whose save dies with the network is kept on the device and sent
 * once the network is back. Each test makes its own practice, managers and assessment.
 */
const e2e = useE2e();

/** The spec's "within 2 s" for a lock and a saved answer to reach the other screen. */
const LIVE_MS = 2_000;

/**
 * A manager of a new self assessment types `observation` into C1.1's Opportunities for
 * improvement; its save is held on its way to the server (the test answers or aborts `held`).
 */
async function observationOnItsWay(observation: string) {
  const { page, context, stack } = e2e;
  const world = await createSelfAssessmentWorld(stack.sql);
  await recordSaveStates(context);
  await signInTo(page, world.manager, assessmentPath(world));
  await waitForAssessmentScreen(page);
  const panel = await openIndicator(page, 'C1.1');
  const text = panel.getByRole('textbox', { name: 'Opportunities for improvement' });
  const saves = await holdSaves(page);
  await text.fill(observation);
  const held = await saves.next();
  await waitForSaveState(page, 'C1.1', 'Saving…');
  return { world, indicatorId: world.standards.indicatorIds[0]!, text, saves, held };
}

describe('two people on one self assessment, and a network that fails', () => {
  it("B sees A's lock and A's saved answer within 2 s, without a reload; the lock goes once A is done", async () => {
    const { page: a, context, stack } = e2e;
    const world = await createSelfAssessmentWorld(stack.sql);
    const riley = await addPracticeManager(stack.sql, world, { firstName: 'Riley', lastName: 'Chen' });
    await recordSaveStates(context);
    const b = await e2e.newPage();
    await Promise.all([
      signInTo(a, world.manager, assessmentPath(world)),
      signInTo(b, riley, assessmentPath(world)),
    ]);
    await Promise.all([waitForAssessmentScreen(a), waitForAssessmentScreen(b)]);
    const panelA = await openIndicator(a, 'C1.2');
    const panelB = await openIndicator(b, 'C1.2');
    const lockBadge = indicatorButton(b, 'C1.2').getByText(
      ASSESSMENT_MESSAGES.editingBy(world.manager.name),
      {
        exact: true,
      },
    );

    // A starts editing: B sees who, within 2 s.
    const observation = 'Sharps containers: add one to the treatment room.';
    await panelA.getByRole('textbox', { name: 'Opportunities for improvement' }).fill(observation);
    await lockBadge.waitFor({ timeout: LIVE_MS });
    await panelB.getByText(`${world.manager.name} is editing this indicator.`).waitFor();
    await expectAccessible(b, "the assessment screen with someone else's lock");

    // A's answer is saved: it shows in B within 2 s, with no reload.
    await waitForSaveState(a, 'C1.2', 'Saved');
    const textB = panelB.getByRole('textbox', { name: 'Opportunities for improvement' });
    await expect.poll(() => textB.inputValue(), { timeout: LIVE_MS, interval: 50 }).toBe(observation);
    // A's lock ends 500 ms after the save.
    await lockBadge.waitFor({ state: 'detached', timeout: 500 + LIVE_MS });

    // And a choice made by A reaches B the same way.
    await panelA.getByRole('radio', { name: 'Mark complete' }).check();
    await waitForSaveState(a, 'C1.2', 'Saved');
    const radioB = panelB.getByRole('radio', { name: 'Mark complete' });
    await expect.poll(() => radioB.isChecked(), { timeout: LIVE_MS, interval: 50 }).toBe(true);
    expect(
      (await readResponses(stack.sql, world.assessmentId!)).get(world.standards.indicatorIds[1]!),
    ).toMatchObject({ observation, is_marked_complete: true });
  });

  it('A and B change two fields of one indicator at the same moment: both changes are kept, on both screens', async () => {
    const { page: a, context, stack } = e2e;
    const world = await createSelfAssessmentWorld(stack.sql);
    const riley = await addPracticeManager(stack.sql, world, { firstName: 'Riley', lastName: 'Chen' });
    await recordSaveStates(context);
    const b = await e2e.newPage();
    await Promise.all([
      signInTo(a, world.manager, assessmentPath(world)),
      signInTo(b, riley, assessmentPath(world)),
    ]);
    await Promise.all([waitForAssessmentScreen(a), waitForAssessmentScreen(b)]);
    const panelA = await openIndicator(a, 'C1.1');
    const panelB = await openIndicator(b, 'C1.1');
    const observation = 'Cold chain: log the vaccine fridge twice a day.';
    const textA = panelA.getByRole('textbox', { name: 'Opportunities for improvement' });
    const itemB = panelB.getByRole('checkbox', { name: 'Item 2' });

    // At once: A types the observation while B ticks an item. Both saves are held until both are
    // on their way, so each was made without the other's change: neither may undo the other's.
    const [savesA, savesB] = await Promise.all([holdSaves(a), holdSaves(b)]);
    await Promise.all([textA.fill(observation), itemB.check()]);
    const [saveA, saveB] = await Promise.all([savesA.next(), savesB.next()]);
    // Each sends only what its person changed (spec 001 §4).
    const responseId = world.responseIds.get(world.standards.indicatorIds[0]!);
    expect(JSON.parse(saveA.request().postData()!).variables).toEqual({
      id: responseId,
      set: { observation },
      append: {},
    });
    expect(JSON.parse(saveB.request().postData()!).variables).toEqual({
      id: responseId,
      set: {},
      append: { checklists: { '1': { '2': true } } },
    });
    await saveA.continue();
    await waitForSaveState(a, 'C1.1', 'Saved');
    await saveB.continue();
    await Promise.all([savesA.stop(), savesB.stop()]);

    const indicatorId = world.standards.indicatorIds[0]!;
    await expect
      .poll(async () => (await readResponses(stack.sql, world.assessmentId!)).get(indicatorId), {
        timeout: 10_000,
      })
      .toMatchObject({ observation, checklists: { '1': { '2': true } } });
    // Each screen shows both: its own change and the other's.
    await expect
      .poll(() => panelB.getByRole('textbox', { name: 'Opportunities for improvement' }).inputValue(), {
        timeout: 5_000,
      })
      .toBe(observation);
    await expect
      .poll(() => panelA.getByRole('checkbox', { name: 'Item 2' }).isChecked(), { timeout: 5_000 })
      .toBe(true);
    expect(await textA.inputValue()).toBe(observation);
    expect(await itemB.isChecked()).toBe(true);
    expect(await panelA.getByRole('checkbox', { name: 'Item 1' }).isChecked()).toBe(false);
  });

  it('a save the server answers with an error says so, keeps the edit and retries until it is saved', async () => {
    const { page, stack } = e2e;
    // The save reaches the server, which fails it (the database was restarting, say).
    const observation = 'Hand hygiene audit: monthly, results to the team meeting.';
    const { world, indicatorId, text, saves, held: failing } = await observationOnItsWay(observation);
    await failing.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        errors: [{ message: 'database query error', extensions: { code: 'unexpected' } }],
      }),
    });
    // The screen says it is not saved and retrying; the spec's toast; the edit stays.
    await indicatorButton(page, 'C1.1').getByText('Not saved yet: retrying', { exact: true }).waitFor();
    await page.getByText(ASSESSMENT_MESSAGES.indicatorUpdateFailed, { exact: true }).waitFor();
    expect(await text.inputValue()).toBe(observation);
    await expectAccessible(page, 'an indicator whose save failed');
    expect((await readResponses(stack.sql, world.assessmentId!)).get(indicatorId)?.observation).toBeNull();

    // The next attempt goes through: saved, with nothing typed again.
    await saves.stop();
    await waitForSaveState(page, 'C1.1', 'Saved', 20_000);
    expect((await readResponses(stack.sql, world.assessmentId!)).get(indicatorId)?.observation).toBe(
      observation,
    );
    expect(await text.inputValue()).toBe(observation);
    const states = await saveStates(page, 'C1.1');
    expect(states.lastIndexOf('Saved')).toBeGreaterThan(states.indexOf('Not saved yet: retrying'));
  });

  it('a save cut off by the network is kept on the device and sent once the network is back', async () => {
    const { page, context, stack } = e2e;
    // The save goes out, and the network dies while it is on its way.
    const observation = 'Sharps bins wall mounted in every consulting room.';
    const { world, indicatorId, text, saves, held: inFlight } = await observationOnItsWay(observation);
    await goOffline(context);
    await inFlight.abort('internetdisconnected');
    await saves.stop();

    // Without an answer the edit goes to the device's queue: kept, and said so.
    await waitForSaveState(page, 'C1.1', 'Saved on this device');
    await connectionBanner(page).getByText(waitingWords(1), { exact: true }).waitFor();
    expect(await text.inputValue()).toBe(observation);
    await expectAccessible(page, 'an indicator saved on the device while offline');
    expect((await readResponses(stack.sql, world.assessmentId!)).get(indicatorId)?.observation).toBeNull();

    // Back online: sent, with nothing typed again.
    await goOnline(context);
    await connectionBanner(page).getByText('All changes saved.').waitFor({ timeout: 20_000 });
    expect((await readResponses(stack.sql, world.assessmentId!)).get(indicatorId)?.observation).toBe(
      observation,
    );
    expect(await text.inputValue()).toBe(observation);
  });
});
