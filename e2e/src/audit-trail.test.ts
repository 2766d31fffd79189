import { assessmentPath, practiceStaffPath } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { openIndicator, signInTo, waitForAssessmentScreen } from './support/assessment-screen.ts';
import { closeHistory, createAuditWorld, LONG_OBSERVATION, openHistory } from './support/audit-data.ts';
import { expectAccessible } from './support/axe.ts';
import { useE2e } from './support/suite.ts';

/**
 * The audit trail panels (docs/decisions/audit-trail.md): the QAM opens the History of a practice
 * after a change made in the test (its phone, old → new, by the practice manager), of a staff
 * member, of the assessment (its move to review) and of an indicator response (a long observation
 * with 'Show more'); the practice manager has no History button. axe on each drawer. The test makes
 * its own practice, people and history (`src/support/audit-data.ts`).
 */
const e2e = useE2e();

describe('the audit trail', { timeout: 120_000 }, () => {
  it("shows the back office each record's history and the practice manager none", async () => {
    const { page, stack } = e2e;
    const world = await createAuditWorld(stack.sql);

    // The practice: the manager's phone change, old → new, with who made it.
    await signInTo(page, world.qam, practiceStaffPath(world.practice.id));
    await page.getByRole('heading', { name: world.practice.name }).waitFor();
    await page.getByRole('button', { name: `History of ${world.staff.name}` }).waitFor();
    await expectAccessible(page, 'the Staff tab with History buttons, as the QAM');
    let drawer = await openHistory(
      page,
      page.getByRole('button', { name: 'History of this practice' }),
      `History: ${world.practice.name}`,
    );
    const change = drawer.getByRole('article', { name: 'Organisation changed' }).first();
    await change.getByText('Morgan Lee (Portal user)').waitFor();
    const phone = change.getByRole('row', { name: /^Phone/ });
    expect(await phone.getByRole('cell').allTextContents()).toEqual([world.phone.before, world.phone.after]);
    await drawer.getByRole('article', { name: 'Practice created' }).waitFor();
    await expectAccessible(page, "a practice's history");
    await closeHistory(drawer);

    // A staff member: the phone changed on their row.
    drawer = await openHistory(
      page,
      page.getByRole('button', { name: `History of ${world.staff.name}` }),
      `History: ${world.staff.name}`,
    );
    const staffChange = drawer.getByRole('article', { name: 'Staff member changed' });
    expect(
      await staffChange
        .getByRole('row', { name: /^Phone/ })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual(['0400 000 001', '0400 000 002']);
    const created = drawer.getByRole('article', { name: 'Staff member created' });
    await created.getByRole('button', { name: /^Show all \d+ fields$/ }).click();
    await created.getByRole('button', { name: 'Show fewer fields' }).waitFor();
    await expectAccessible(page, "a staff member's history, a created row's fields all shown");
    await closeHistory(drawer);

    // The assessment: its move to review, by the QAM.
    await page.goto(assessmentPath(world.practice.id, world.assessmentId));
    await waitForAssessmentScreen(page);
    drawer = await openHistory(
      page,
      page.getByRole('button', { name: 'History of this assessment' }),
      /^History: /,
    );
    const moved = drawer.getByRole('article', { name: 'Status changed to Under review' });
    await moved.getByText('Quinn Harper (QAM)').waitFor();
    await moved
      .getByRole('row', { name: /^Reason/ })
      .getByText('Submitted by the practice')
      .waitFor();
    await expectAccessible(page, "an assessment's history");
    await closeHistory(drawer);

    // An indicator response: the long observation is shortened until 'Show more'.
    const panel = await openIndicator(page, world.indicator.code);
    drawer = await openHistory(
      page,
      panel.getByRole('button', { name: `History of indicator ${world.indicator.code}` }),
      /^History: /,
    );
    const answered = drawer.getByRole('article', { name: 'Indicator response changed' });
    const observation = answered.getByRole('row', { name: /^Observation/ });
    expect(await observation.textContent()).not.toContain(LONG_OBSERVATION);
    await observation.getByRole('button', { name: 'Show more' }).click();
    await observation.getByText(LONG_OBSERVATION).waitFor();
    await answered.getByRole('row', { name: /^Marked complete/ }).waitFor();
    await expectAccessible(page, "an indicator response's history, a long value shown whole");
    await closeHistory(drawer);

    // The practice manager has no History anywhere.
    const pm = await e2e.newPage();
    await signInTo(pm, world.manager, practiceStaffPath(world.practice.id));
    await pm.getByRole('button', { name: `Edit ${world.staff.name}` }).waitFor();
    expect(await pm.getByRole('button', { name: /^History/ }).count()).toBe(0);
    await pm.goto(assessmentPath(world.practice.id, world.assessmentId));
    await waitForAssessmentScreen(pm);
    await openIndicator(pm, world.indicator.code);
    expect(await pm.getByRole('button', { name: /^History/ }).count()).toBe(0);
  });
});
