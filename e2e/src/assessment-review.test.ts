import { ASSESSMENT_MESSAGES } from '@portal/domain';
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
  openIndicator,
  recordSaveStates,
  shownCount,
  signInTo,
  tabCount,
  waitForAssessmentScreen,
  waitForSaveState,
} from './support/assessment-screen.ts';
import { expectAccessible } from './support/axe.ts';
import { useE2e } from './support/suite.ts';

/**
 * The review of a self assessment (spec 001 §2, §4, §6): the QAM opens one under
 * review, ticks Reviewed and Further action required (the review tabs count them), and completes
 * it; the practice manager sees the row locked while it is under review (the lock says why on
 * hover and on keyboard focus, and its address leads back to the tab), then complete. Each test
 * makes its own practice, manager, QAM and assessment, arranged under review in the database.
 */
const e2e = useE2e();

const LOCK_REASON = ASSESSMENT_MESSAGES.lockedRow.selfUnderReview;

describe('the review of a self assessment', () => {
  it('the QAM marks indicators Reviewed and Further action required, the tabs count them, and completes it', async () => {
    const { page, context, stack } = e2e;
    const world = await createSelfAssessmentWorld(stack.sql, {
      status: 'UNDER_REVIEW',
      answers: {
        0: { is_marked_complete: true, checklists: { '1': { '1': true } } },
        1: { compliance: 'NOT_APPLICABLE' },
        2: { is_marked_complete: true, observation: 'New fridge log from March.' },
      },
    });
    const [c11, c12] = world.standards.indicatorIds as [number, number];
    await recordSaveStates(context);
    await signInTo(page, world.qam, assessmentPath(world));
    await waitForAssessmentScreen(page);
    await page.getByText('under review', { exact: true }).first().waitFor();
    const reviewTabs = async () => ({
      further: await tabCount(page, 'Further action required'),
      reviewed: await tabCount(page, 'Reviewed'),
      unreviewed: await tabCount(page, 'Unreviewed'),
    });
    expect(await reviewTabs()).toEqual({ further: 0, reviewed: 0, unreviewed: 4 });
    expect(await tabCount(page, 'Marked complete')).toBe(2);
    await page.getByRole('button', { name: 'Completed' }).waitFor();
    expect(await page.getByRole('button', { name: 'Submit for review' }).count()).toBe(0);
    await expectAccessible(page, 'a self assessment under review, as the QAM');

    const first = await openIndicator(page, 'C1.1');
    const reviewed = first.getByRole('checkbox', { name: 'Reviewed' });
    expect(await reviewed.isEnabled()).toBe(true);
    expect(await first.getByRole('checkbox', { name: 'Further action required' }).isEnabled()).toBe(true);
    // The practice's answers are there to review, and stay the practice's.
    expect(await first.getByRole('radio', { name: 'Mark complete' }).isChecked()).toBe(true);
    expect(await first.getByRole('checkbox', { name: 'Item 1' }).isChecked()).toBe(true);
    await reviewed.check();
    await waitForSaveState(page, 'C1.1', 'Saved');
    expect(await reviewTabs()).toEqual({ further: 0, reviewed: 1, unreviewed: 3 });

    const second = await openIndicator(page, 'C1.2');
    await second.getByRole('checkbox', { name: 'Reviewed' }).check();
    await second.getByRole('checkbox', { name: 'Further action required' }).check();
    await waitForSaveState(page, 'C1.2', 'Saved');
    expect(await reviewTabs()).toEqual({ further: 1, reviewed: 2, unreviewed: 2 });
    await expectAccessible(page, 'indicators under review');
    const stored = await readResponses(stack.sql, world.assessmentId!);
    expect(stored.get(c11)).toMatchObject({
      reviewed: true,
      further_action_required: false,
      is_marked_complete: true,
    });
    expect(stored.get(c12)).toMatchObject({
      reviewed: true,
      further_action_required: true,
      compliance: 'NOT_APPLICABLE',
    });

    // The tabs filter by the review too.
    await filterTab(page, 'Further action required').click();
    await page.waitForURL((url) => url.searchParams.get('filter') === 'ACTION_REQUIRED');
    await shownCount(page).filter({ hasText: '1 of 4 indicators' }).waitFor();
    await filterTab(page, 'Unreviewed').click();
    await shownCount(page).filter({ hasText: '2 of 4 indicators' }).waitFor();

    await page.getByRole('button', { name: 'Completed' }).click();
    const confirm = page.getByRole('dialog', { name: 'Complete the self assessment' });
    await confirm.waitFor();
    await expectAccessible(page, 'the Completed confirmation');
    await confirm.getByRole('button', { name: 'Completed' }).click();
    await page.getByText(ASSESSMENT_MESSAGES.completed, { exact: true }).waitFor();
    await page.getByText('complete', { exact: true }).first().waitFor();
    await page.getByRole('alert', { name: 'Self assessment complete' }).waitFor();
    await page.getByText('2 of 4 indicators reviewed; 1 need further action.', { exact: true }).waitFor();
    await confirm.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Completed' }).count()).toBe(0);
    expect(await assessmentStatus(stack.sql, world.assessmentId!)).toBe('COMPLETED');
    await expectAccessible(page, 'the completed self assessment, as the QAM');

    // The manager now finds it complete on the tab, with its report, and opens it read only.
    const manager = await e2e.newPage();
    await signInTo(manager, world.manager, accreditationPath(world));
    const row = manager.getByRole('row', { name: /^Self Assessment/ });
    await row.getByText('complete', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Download the Self Assessment report' }).waitFor();
    await expectAccessible(manager, 'the Accreditation tab with a complete self assessment');
    await row.getByRole('link', { name: 'Self Assessment', exact: true }).click();
    await waitForAssessmentScreen(manager);
    await manager.getByRole('alert', { name: 'Self assessment complete' }).waitFor();
    const readOnly = await openIndicator(manager, 'C1.2');
    expect(await readOnly.getByRole('checkbox', { name: 'Further action required' }).isChecked()).toBe(true);
    expect(await readOnly.getByRole('checkbox', { name: 'Further action required' }).isDisabled()).toBe(true);
    expect(await readOnly.getByRole('radio', { name: 'Not applicable' }).isDisabled()).toBe(true);
    await expectAccessible(manager, 'the completed self assessment, as the manager');
  });

  it('the manager: under review the row is locked and says why on hover and on keyboard focus; its address leads back', async () => {
    const { page, stack } = e2e;
    const world = await createSelfAssessmentWorld(stack.sql, { status: 'UNDER_REVIEW' });
    // The Accreditations list above it: a certificate whose PDF exists, and one still being made.
    for (const [type, key] of [
      ['REGISTRATION', `certificates/${world.practice.id}/registration.pdf`],
      ['ACCREDITATION', null],
    ] as const) {
      await stack.sql.query(
        `insert into public.certificates (practice_id, type, name, issuing_provider, certification_date,
           issue_date, expiry_date, storage_key)
         values ($1, $2, $3, 'Test provider', public.portal_today(), public.portal_today(), public.portal_today() + 365, $4)`,
        [world.practice.id, type, world.practice.name, key],
      );
    }
    await signInTo(page, world.manager, accreditationPath(world));
    await page.getByRole('heading', { name: 'Assessments' }).waitFor();
    await page
      .getByRole('button', { name: `Download ${world.practice.name}, Registration certificate` })
      .waitFor();
    await page.getByText('Certificate file not yet available', { exact: true }).waitFor();
    const row = page.getByRole('row', { name: /^Self Assessment/ });
    await row.getByText('under review', { exact: true }).waitFor();
    // Locked: no link into it, no report; a lock that names the reason.
    expect(await row.getByRole('link').count()).toBe(0);
    expect(await row.getByRole('button', { name: /report/ }).count()).toBe(0);
    const lock = row.getByRole('button', { name: `Self Assessment is locked: ${LOCK_REASON}` });
    await expectAccessible(page, 'the Accreditation tab with a locked row');

    const tooltip = page.getByRole('tooltip');
    await lock.hover();
    await tooltip.filter({ hasText: LOCK_REASON }).waitFor();
    await expectAccessible(page, 'the lock tooltip');
    await page.getByRole('heading', { name: 'Assessments' }).hover();
    await tooltip.waitFor({ state: 'hidden' });

    // By keyboard: from the heading, Tab reaches the lock, whose tooltip opens on focus.
    await page.getByRole('heading', { name: 'Assessments' }).click();
    await page.keyboard.press('Tab');
    expect(await page.evaluate("document.activeElement.getAttribute('aria-label')")).toBe(
      `Self Assessment is locked: ${LOCK_REASON}`,
    );
    await tooltip.filter({ hasText: LOCK_REASON }).waitFor();
    await page.keyboard.press('Tab');
    await tooltip.waitFor({ state: 'hidden' });

    // A click on the row opens nothing.
    await row.getByText('under review', { exact: true }).click();
    expect(new URL(page.url()).pathname).toBe(accreditationPath(world));

    // Its address (a bookmark, an old tab) leads back to the tab.
    await page.goto(assessmentPath(world));
    await page.waitForURL((url) => url.pathname === accreditationPath(world));
    await page.getByRole('heading', { name: 'Assessments' }).waitFor();
    expect(await assessmentStatus(stack.sql, world.assessmentId!)).toBe('UNDER_REVIEW');
  });
});
