import { readFileSync } from 'node:fs';
import {
  ASSESSMENT_MESSAGES,
  DOCUMENT_MESSAGES,
  formatShortDate,
  PORTAL_TIME_ZONE,
  portalToday,
} from '@portal/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  accreditationPath,
  assessmentPath,
  assessmentStatus,
  createSelfAssessmentWorld,
  readResponses,
} from './support/assessment-data.ts';
import {
  filterTab,
  indicatorButton,
  indicatorPanel,
  openIndicator,
  recordSaveStates,
  setButton,
  shownCount,
  signInTo,
  tabCount,
  waitForAssessmentScreen,
  waitForSaveState,
} from './support/assessment-screen.ts';
import { expectAccessible } from './support/axe.ts';
import { pathOf } from './support/browser.ts';
import { createStaffMember } from './support/factories.ts';
import { openStaff, staffRow } from './support/staff-register.ts';
import { useE2e } from './support/suite.ts';

/**
 * The self assessment as its practice manager (spec 001 §2–§7, 002 §2): the first view
 * of the Accreditation tab starts it; the assessment screen filters, opens all, saves answers,
 * comments, uploads and deletes an indicator file, submits for review once and downloads the
 * report; evidence out of date shows on the staff register and in the summary (issue 32). Each test makes its own practice, manager, standards and assessment (support/
 * assessment-data.ts) and runs axe on every screen it visits.
 */
const e2e = useE2e();

/** A small but real PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
);

/**
 * How long a click on Open all takes to expand every set, measured in the page from the click to
 * the last aria-expanded (spec 001 §2: 250 ms). A string: no DOM types in the e2e workspace.
 */
async function openAllDelay(page: Page): Promise<number> {
  return (await page.evaluate(`new Promise((resolve, reject) => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Open all');
    const sets = [...document.querySelectorAll('[id^="indicator-set-"]')].map((item) =>
      item.querySelector('button[aria-expanded]'),
    );
    if (!button || sets.length === 0) return reject(new Error('no Open all button, or no sets'));
    if (sets.some((s) => s.getAttribute('aria-expanded') === 'true')) return reject(new Error('a set is open'));
    const observer = new MutationObserver(() => {
      if (!sets.every((s) => s.getAttribute('aria-expanded') === 'true')) return;
      observer.disconnect();
      resolve(performance.now() - start);
    });
    for (const set of sets) observer.observe(set, { attributes: true, attributeFilter: ['aria-expanded'] });
    const start = performance.now();
    button.click();
  })`)) as number;
}

// Journeys of 10 to 20 s (the spec's 1 s save debounce, sign-in, reloads): room for a loaded machine.
describe('the self assessment as the practice manager', () => {
  it('starts it from the first view of the Accreditation tab (Step 3) and lands on the assessment screen', async () => {
    const { page, stack } = e2e;
    const world = await createSelfAssessmentWorld(stack.sql, { status: 'first-view' });
    await signInTo(page, world.manager, accreditationPath(world));
    await page.getByText(ASSESSMENT_MESSAGES.startStep, { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Start Self Assessment' }).waitFor();
    await expectAccessible(page, 'the first view of the Accreditation tab');

    await page.getByRole('button', { name: 'Start Self Assessment' }).click();
    await page.waitForURL(/\/Accreditation\/Assessment\/\d+$/);
    await waitForAssessmentScreen(page);
    const { rows } = await stack.sql.query<{ id: number; status: string; is_first_view: boolean }>(
      `select a.id, a.status, acc.is_first_view from assessments a join accreditations acc on acc.id = a.accreditation_id
        where acc.id = $1 and a.type = 'PRESURVEY'`,
      [world.accreditationId],
    );
    expect(rows).toEqual([{ id: expect.any(Number), status: 'IN_PROGRESS', is_first_view: false }]);
    expect(pathOf(page)).toBe(`${accreditationPath(world)}/Assessment/${rows[0]!.id}`);
    await page.getByRole('heading', { name: 'Self Assessment', exact: true }).waitFor();
    await page.getByText('in progress', { exact: true }).first().waitFor();
    await page.getByRole('alert', { name: ASSESSMENT_MESSAGES.commenceHeading }).waitFor();
    expect(await tabCount(page, 'All')).toBe(4);
    expect(await tabCount(page, 'Incomplete')).toBe(4);
    await expectAccessible(page, 'the new self assessment');

    // The first view is over: the tab now lists the assessment.
    await page.getByRole('link', { name: '‹ Accreditation' }).click();
    await page.getByRole('heading', { name: 'Assessments' }).waitFor();
    await page.getByRole('link', { name: 'Self Assessment', exact: true }).waitFor();
    await expectAccessible(page, 'the Accreditation tab');
  });

  it('filters by tab (counts, the list, ?filter= kept by a reload), opens all after 250 ms and closes all', async () => {
    const { page, stack } = e2e;
    const world = await createSelfAssessmentWorld(stack.sql, {
      answers: { 0: { is_marked_complete: true }, 2: { compliance: 'NOT_APPLICABLE' } },
    });
    await signInTo(page, world.manager, assessmentPath(world));
    await waitForAssessmentScreen(page);
    const counts = async () => ({
      all: await tabCount(page, 'All'),
      na: await tabCount(page, 'N/A'),
      complete: await tabCount(page, 'Marked complete'),
      incomplete: await tabCount(page, 'Incomplete'),
    });
    expect(await counts()).toEqual({ all: 4, na: 1, complete: 1, incomplete: 2 });
    // The review tabs show only once the self assessment is under review.
    expect(await filterTab(page, 'Reviewed').count()).toBe(0);

    // Open all expands every set, after the spec's 250 ms; Close all folds them again.
    const delay = await openAllDelay(page);
    expect(delay).toBeGreaterThanOrEqual(250);
    for (const code of ['C1.1', 'C1.2', 'C2.1', 'C2.2']) await indicatorButton(page, code).waitFor();
    await page.getByRole('button', { name: 'Close all' }).click();
    await indicatorButton(page, 'C1.1').waitFor({ state: 'detached' });
    expect(await setButton(page, 'C1').getAttribute('aria-expanded')).toBe('false');

    await filterTab(page, 'Marked complete').click();
    await page.waitForURL((url) => url.searchParams.get('filter') === 'COMPLETE');
    await shownCount(page).filter({ hasText: '1 of 4 indicators' }).waitFor();
    expect(await setButton(page, 'C2').count()).toBe(0);
    await setButton(page, 'C1').click();
    await indicatorButton(page, 'C1.1').waitFor();
    expect(await indicatorButton(page, 'C1.2').count()).toBe(0);
    await expectAccessible(page, 'the Marked complete tab');

    // A reload (or a shared link) opens the same tab.
    await page.reload();
    await waitForAssessmentScreen(page);
    expect(await filterTab(page, 'Marked complete').getAttribute('aria-selected')).toBe('true');
    await shownCount(page).filter({ hasText: '1 of 4 indicators' }).waitFor();

    // Answering an indicator moves it between tabs at once: counts and list follow.
    await filterTab(page, 'Incomplete').click();
    await page.waitForURL((url) => url.searchParams.get('filter') === 'INCOMPLETE');
    await shownCount(page).filter({ hasText: '2 of 4 indicators' }).waitFor();
    const panel = await openIndicator(page, 'C1.2');
    // (click, not check: the indicator leaves the Incomplete list as it is answered)
    await panel.getByRole('radio', { name: 'Mark complete' }).click();
    await shownCount(page).filter({ hasText: '1 of 4 indicators' }).waitFor();
    await indicatorButton(page, 'C1.2').waitFor({ state: 'detached' });
    expect(await counts()).toEqual({ all: 4, na: 1, complete: 2, incomplete: 1 });
    await expect
      .poll(async () =>
        (await readResponses(stack.sql, world.assessmentId!)).get(world.standards.indicatorIds[1]!),
      )
      .toMatchObject({ is_marked_complete: true });

    // A tab with nothing in it says so.
    await filterTab(page, 'N/A').click();
    await shownCount(page).filter({ hasText: '1 of 4 indicators' }).waitFor();
    await openIndicator(page, 'C2.1');
    await indicatorPanel(page, 'C2.1').getByRole('button', { name: 'Clear choice' }).click();
    await page.getByText(ASSESSMENT_MESSAGES.noIndicators, { exact: true }).waitFor();
    expect(await tabCount(page, 'N/A')).toBe(0);
    await expectAccessible(page, 'an empty tab');
  });

  it('answers indicators (ticks, Mark complete, Not applicable, an observation), each saved, all there after a reload', async () => {
    const { page, context, stack } = e2e;
    const world = await createSelfAssessmentWorld(stack.sql);
    const [c11, c12, c21] = world.standards.indicatorIds as [number, number, number];
    await recordSaveStates(context);
    await signInTo(page, world.manager, assessmentPath(world));
    await waitForAssessmentScreen(page);

    const first = await openIndicator(page, 'C1.1');
    await first.getByRole('checkbox', { name: 'Item 1' }).check();
    await first.getByRole('checkbox', { name: 'Item 2' }).check();
    await first.getByRole('radio', { name: 'Mark complete' }).check();
    const observation = 'Add the after-hours number to the answering machine message.';
    await first.getByRole('textbox', { name: 'Opportunities for improvement' }).fill(observation);
    await indicatorButton(page, 'C1.1').getByText('Unsaved changes', { exact: true }).waitFor();
    await waitForSaveState(page, 'C1.1', 'Saved');
    // Marked complete with every must-have ticked: the status banner says so.
    await first.getByRole('alert', { name: 'Completed' }).waitFor();

    const second = await openIndicator(page, 'C1.2');
    await second.getByRole('radio', { name: 'Not applicable' }).check();
    await waitForSaveState(page, 'C1.2', 'Saved');

    const third = await openIndicator(page, 'C2.1');
    await third.getByRole('checkbox', { name: 'Item 2' }).check();
    await third
      .getByRole('textbox', { name: 'Opportunities for improvement' })
      .fill('Review the sharps policy.');
    await waitForSaveState(page, 'C2.1', 'Saved');
    expect(await tabCount(page, 'Marked complete')).toBe(1);
    expect(await tabCount(page, 'N/A')).toBe(1);
    expect(await tabCount(page, 'Incomplete')).toBe(2);
    await expectAccessible(page, 'the assessment screen with answered indicators');

    // Stored as answered: one row per indicator, only what was changed.
    const stored = await readResponses(stack.sql, world.assessmentId!);
    expect(stored.get(c11)).toMatchObject({
      is_marked_complete: true,
      compliance: null,
      observation,
      checklists: { '1': { '1': true, '2': true } },
    });
    expect(stored.get(c12)).toMatchObject({
      is_marked_complete: false,
      compliance: 'NOT_APPLICABLE',
      observation: null,
      checklists: {},
    });
    expect(stored.get(c21)).toMatchObject({
      is_marked_complete: false,
      compliance: null,
      observation: 'Review the sharps policy.',
      checklists: { '1': { '2': true } },
    });

    // A reload shows every answer as it was saved.
    await page.reload();
    await waitForAssessmentScreen(page);
    const again = await openIndicator(page, 'C1.1');
    expect(await again.getByRole('checkbox', { name: 'Item 1' }).isChecked()).toBe(true);
    expect(await again.getByRole('checkbox', { name: 'Item 2' }).isChecked()).toBe(true);
    expect(await again.getByRole('radio', { name: 'Mark complete' }).isChecked()).toBe(true);
    expect(await again.getByRole('textbox', { name: 'Opportunities for improvement' }).inputValue()).toBe(
      observation,
    );
    const na = await openIndicator(page, 'C1.2');
    expect(await na.getByRole('radio', { name: 'Not applicable' }).isChecked()).toBe(true);
    const ticked = await openIndicator(page, 'C2.1');
    expect(await ticked.getByRole('checkbox', { name: 'Item 1' }).isChecked()).toBe(false);
    expect(await ticked.getByRole('checkbox', { name: 'Item 2' }).isChecked()).toBe(true);
    expect(await ticked.getByRole('radio', { name: 'Mark complete' }).isChecked()).toBe(false);
    expect(await ticked.getByRole('radio', { name: 'Not applicable' }).isChecked()).toBe(false);
    expect(await ticked.getByRole('textbox', { name: 'Opportunities for improvement' }).inputValue()).toBe(
      'Review the sharps policy.',
    );
    expect(await tabCount(page, 'Marked complete')).toBe(1);
    expect(await tabCount(page, 'N/A')).toBe(1);
  });

  it('comments: the button waits for text, each shows its author and time, newest first, Load more adds the rest', async () => {
    const { page, stack } = e2e;
    const world = await createSelfAssessmentWorld(stack.sql);
    await signInTo(page, world.manager, assessmentPath(world));
    await waitForAssessmentScreen(page);
    const panel = await openIndicator(page, 'C1.1');
    const box = panel.getByRole('textbox', { name: 'Add a comment' });
    const add = panel.getByRole('button', { name: 'Add comment' });
    const comments = panel.getByRole('listitem');
    await panel.getByText('No comments yet.', { exact: true }).waitFor();
    expect(await add.isDisabled()).toBe(true);
    await box.fill('   ');
    expect(await add.isDisabled()).toBe(true);

    for (let n = 1; n <= 6; n++) {
      await box.fill(`Comment ${n}: the policy folder is on the shared drive.`);
      expect(await add.isEnabled()).toBe(true);
      await add.click();
      await comments.filter({ hasText: `Comment ${n}:` }).waitFor();
      expect(await box.inputValue()).toBe('');
      expect(await add.isDisabled()).toBe(true);
    }
    await panel.getByRole('heading', { name: 'Comments (6)' }).waitFor();

    // Newest first, five of them; each with its author and when it was written.
    expect(await comments.count()).toBe(5);
    const texts = await comments.allTextContents();
    expect(texts.map((t) => /Comment (\d)/.exec(t)?.[1])).toEqual(['6', '5', '4', '3', '2']);
    const { rows } = await stack.sql.query<{ created_at: Date; created_by_id: number }>(
      `select c.created_at, c.created_by_id from comments c where c.indicator_response_id = $1
        order by c.created_at desc limit 1`,
      [world.responseIds.get(world.standards.indicatorIds[0]!)],
    );
    expect(rows[0]!.created_by_id).toBe(world.manager.id);
    // dd MMM yy, the spec's short date (spec 001 §9), of the day in Sydney, then the time.
    const day = formatShortDate(
      new Intl.DateTimeFormat('en-CA', { timeZone: PORTAL_TIME_ZONE }).format(rows[0]!.created_at),
    );
    expect(texts[0]).toContain(world.manager.name);
    expect(texts[0]).toMatch(new RegExp(`${day}, \\d{1,2}:\\d{2}\\s?[ap]m`, 'i'));
    await expectAccessible(page, 'an indicator with comments');

    await panel.getByRole('button', { name: 'Load more' }).click();
    await comments.filter({ hasText: 'Comment 1:' }).waitFor();
    expect(await comments.count()).toBe(6);
    expect(await panel.getByRole('button', { name: 'Load more' }).count()).toBe(0);
  });

  it("shows the evidence out of date: a CPR expired on the staff register ('Overdue'), and the summary's count", async () => {
    const { page, stack } = e2e;
    const world = await createSelfAssessmentWorld(stack.sql);
    // A nurse whose CPR lapsed 12 days ago; a document on the first indicator past its review date.
    const lapsed = await createStaffMember(stack.sql, world.practice.id, {
      type: 'nurse',
      firstName: 'Ruth',
      lastName: 'Lapsed',
    });
    await stack.sql.query('update practice_staff set cpr_expiry = public.portal_today() - 12 where id = $1', [
      lapsed.id,
    ]);
    // The register itself, not the Staff tab's first-visit introduction.
    await stack.sql.query('update practices set is_staff_first_view = false where organisation_id = $1', [
      world.practice.id,
    ]);
    await stack.sql.query(
      `insert into documents (practice_id, folder_id, indicator_response_id, name, storage_key, file_size,
                              file_type, uploaded_at, effective_date, review_date)
       values ($1::int, $2, $3, 'Hand hygiene audit.pdf', 'practices/' || $1::int || '/' || gen_random_uuid() || '.pdf',
               183137, 'application/pdf', now(), public.portal_today() - 400, public.portal_today() - 5)`,
      [world.practice.id, world.folder.id, world.responseIds.get(world.standards.indicatorIds[0]!)],
    );

    await openStaff(page, `/PracticeOverview/${world.practice.id}/Staff`, lapsed.lastName, world.manager);
    await staffRow(page, lapsed.lastName).getByText('Overdue', { exact: true }).waitFor();
    await expectAccessible(page, 'the staff register with a CPR overdue');

    await page.goto(assessmentPath(world));
    await waitForAssessmentScreen(page);
    await page
      .getByText('1 indicator has evidence out of date (past its review date or too old for the indicator)', {
        exact: true,
      })
      .waitFor();
    await expectAccessible(page, 'the self assessment counting an indicator with evidence out of date');
  });

  it('uploads a PDF from an indicator into a chosen folder, lists it, and deletes it', async () => {
    const { page, stack } = e2e;
    const world = await createSelfAssessmentWorld(stack.sql);
    const responseId = world.responseIds.get(world.standards.indicatorIds[0]!)!;
    await signInTo(page, world.manager, assessmentPath(world));
    await waitForAssessmentScreen(page);
    const panel = await openIndicator(page, 'C1.1');
    await panel.getByText('No documents uploaded for this indicator.', { exact: true }).waitFor();
    await panel.getByRole('button', { name: 'Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a file' });
    await dialog.waitFor();
    await expectAccessible(page, 'the indicator upload modal');

    // A folder is required.
    const name = 'Infection control policy 2026.pdf';
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'File' }).click();
    await (await chooser).setFiles({ name, mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.getByText(DOCUMENT_MESSAGES.folderRequired, { exact: true }).waitFor();

    await dialog.getByLabel('Folder').click();
    await page.getByRole('option', { name: world.folder.name }).click();
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await page.getByText(DOCUMENT_MESSAGES.uploadSucceeded, { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const download = panel.getByRole('button', { name: `Download ${name}` });
    await download.waitFor();
    const { rows } = await stack.sql.query(
      `select name, folder_id, file_type, file_size, uploaded_at is not null as uploaded, archived
         from documents where indicator_response_id = $1`,
      [responseId],
    );
    expect(rows).toEqual([
      {
        name,
        folder_id: world.folder.id,
        file_type: 'application/pdf',
        file_size: String(PDF.length),
        uploaded: true,
        archived: false,
      },
    ]);
    await expectAccessible(page, 'an indicator with a document');

    await panel.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete document' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(ASSESSMENT_MESSAGES.indicatorFileDeleted, { exact: true }).waitFor();
    await download.waitFor({ state: 'detached' });
    await panel.getByText('No documents uploaded for this indicator.', { exact: true }).waitFor();
    const after = await stack.sql.query('select archived from documents where indicator_response_id = $1', [
      responseId,
    ]);
    expect(after.rows).toEqual([{ archived: true }]);

    // Gone after a reload too.
    await page.reload();
    await waitForAssessmentScreen(page);
    const reloaded = await openIndicator(page, 'C1.1');
    await reloaded.getByText('No documents uploaded for this indicator.', { exact: true }).waitFor();
  });

  it('downloads the report, submits for review once (confirmed), and a second submit is refused', async () => {
    const { page, stack } = e2e;
    const world = await createSelfAssessmentWorld(stack.sql, {
      answers: { 0: { is_marked_complete: true }, 1: { compliance: 'NOT_APPLICABLE' } },
    });
    const tokens: string[] = [];
    page.on('request', (request) => {
      const authorization = request.headers().authorization;
      if (request.url().endsWith('/v1/graphql') && authorization) tokens.push(authorization);
    });
    await signInTo(page, world.manager, assessmentPath(world));
    await waitForAssessmentScreen(page);

    const download = page.waitForEvent('download');
    await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Report' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(
      `harbourside-family-practice-${world.practice.name.split(' ').at(-1)}-self-assessment-report-${portalToday()}.pdf`,
    );
    expect(
      readFileSync((await file.path())!)
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    await page.getByRole('button', { name: 'Submit for review' }).click();
    const confirm = page.getByRole('dialog', { name: 'Submit for review' });
    await confirm.getByText('2 indicators are not marked complete or not applicable yet.').waitFor();
    await expectAccessible(page, 'the submit confirmation');
    await confirm.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByText(ASSESSMENT_MESSAGES.submitted, { exact: true }).waitFor();
    expect(await assessmentStatus(stack.sql, world.assessmentId!)).toBe('UNDER_REVIEW');

    // Under review, the self assessment is the provider's: the manager is back on the tab, where
    // the row is locked and no button submits it again.
    await page.waitForURL((url) => url.pathname === accreditationPath(world));
    await page.getByRole('heading', { name: 'Assessments' }).waitFor();
    await page.getByText('under review', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Submit for review' }).count()).toBe(0);
    await page.getByRole('button', { name: /^Self Assessment is locked: / }).waitFor();
    // Their own submit locked it: no error says so (opening it by its address later does).
    expect(await page.getByText(ASSESSMENT_MESSAGES.lockedRow.selfUnderReview, { exact: true }).count()).toBe(
      0,
    );
    await expectAccessible(page, 'the Accreditation tab after submitting');

    // Nor through the API, with the page's own session.
    expect(tokens.length).toBeGreaterThan(0);
    const response = await fetch(`${stack.url}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: tokens.at(-1)! },
      body: JSON.stringify({
        query: 'mutation ($a: Int!) { submitSelfAssessment(assessmentId: $a) { id status } }',
        variables: { a: world.assessmentId },
      }),
    });
    const body = (await response.json()) as { errors?: { message: string }[] };
    expect(body.errors?.[0]?.message).toBe(ASSESSMENT_MESSAGES.alreadySubmitted);
    const submissions = await stack.sql.query(
      'select user_id from assessment_submissions where assessment_id = $1',
      [world.assessmentId],
    );
    expect(submissions.rows).toEqual([{ user_id: world.manager.id }]);
  });
});
