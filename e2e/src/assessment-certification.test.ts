import { readFileSync } from 'node:fs';
import {
  ACTION_PLAN_BUSINESS_DAYS,
  accreditationPath,
  formatDayMonthYear,
  verifyRoute,
} from '@portal/domain';
import { pdfPageTexts } from '@portal/pdf/pdf-text';
import { PDFDocument } from 'pdf-lib';
import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { assessmentStatus } from './support/assessment-data.ts';
import {
  clearSaveStates,
  openIndicator,
  recordSaveStates,
  signInTo,
  waitForAssessmentScreen,
  waitForSaveState,
} from './support/assessment-screen.ts';
import { expectAccessible } from './support/axe.ts';
import { createReviewWorld, type ReviewWorld } from './support/review-data.ts';
import { toast } from './support/staff-register.ts';
import { useE2e } from './support/suite.ts';
import { surveyPath } from './support/survey-data.ts';

/**
 * A survey visit from review to certificate, each step by the person whose step it is,
 * in their own browser: the QAM reviews (Action required is refused while a Not met indicator has
 * no action plan, then enters the plans and requires action); the practice manager adds an
 * activity; a surveyor closes two non-conformities and refers the third, and the progress bar and
 * charts follow; the QAM approves; the provider admin issues the certificate, downloads it in A3
 * and A4 (read back: sizes, names, every location, dates), and the public verify page confirms it
 * without signing in; the practice manager finds it in the Accreditations list and downloads the
 * action plan report. axe on every screen. The test makes its own practice, people and survey.
 */
const e2e = useE2e();

/** PDF points of A3 and A4 landscape. */
const A3 = [1190.55, 841.89] as const;
const A4 = [841.89, 595.28] as const;

async function pageSize(file: Download): Promise<[number, number]> {
  const pdf = await PDFDocument.load(readFileSync((await file.path())!));
  const { width, height } = pdf.getPage(0).getSize();
  return [Math.round(width), Math.round(height)];
}

async function pdfText(file: Download): Promise<string> {
  return (await pdfPageTexts(readFileSync((await file.path())!))).join('\n');
}

/** Opens the indicator and waits until it is ready to edit. */
const indicator = (page: Page, code: string): Promise<Locator> => openIndicator(page, code);

async function saved(page: Page, code: string): Promise<void> {
  await waitForSaveState(page, code, 'Saved');
  await clearSaveStates(page);
}

async function openAs(page: Page, user: ReviewWorld['qam'], world: ReviewWorld): Promise<void> {
  await recordSaveStates(page.context());
  await signInTo(page, user, surveyPath(world));
  await waitForAssessmentScreen(page);
}

describe('review, action plan, approval and certification', { timeout: 240_000 }, () => {
  it('takes a survey under review to a verified certificate', async () => {
    const { page, stack } = e2e;
    const world = await createReviewWorld(stack.sql);
    const [nc1, nc2, nc3] = world.nonConformities;
    const actions = page.getByRole('region', { name: 'Actions' });

    // The QAM reviews.
    await openAs(page, world.qam, world);
    await page.getByRole('heading', { name: 'Review Surveyor Assessment' }).waitFor();
    await expectAccessible(page, 'a survey under review, the review panel');

    // Action required is refused while a Not met indicator has no action plan, naming each.
    await actions.getByRole('button', { name: 'Action required' }).click();
    const required = page.getByRole('dialog', { name: 'Action required' });
    await required.getByText('These Not met indicators have no action plan yet:').waitFor();
    for (const code of world.nonConformities) await required.getByRole('link', { name: code }).waitFor();
    expect(await required.getByRole('button', { name: 'Action required' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'Action required, refused: the indicators without a plan');
    await required.getByRole('button', { name: 'Cancel' }).click();
    await required.waitFor({ state: 'detached' });
    expect(await assessmentStatus(stack.sql, world.assessmentId)).toBe('UNDER_REVIEW');

    for (const [index, code] of world.nonConformities.entries()) {
      const panel = await indicator(page, code);
      await panel
        .getByRole('textbox', { name: 'Action plan' })
        .fill(`Plan ${index + 1}: fix and evidence it.`);
      await panel.getByRole('checkbox', { name: 'Reviewed' }).check();
      await saved(page, code);
    }
    await expectAccessible(page, 'an indicator under review with its action plan');
    await actions.getByRole('button', { name: 'Action required' }).click();
    await required.getByRole('button', { name: 'Action required' }).click();
    await page.getByText(/^The action plan has been created\. It is due on \d\d\/\d\d\/\d{4}\.$/).waitFor();
    expect(await assessmentStatus(stack.sql, world.assessmentId)).toBe('ACTION_REQUIRED');
    const { rows: due } = await stack.sql.query<{ due: boolean }>(
      `select action_plan_due = public.add_business_days(public.portal_today(), $2) as due from assessments where id = $1`,
      [world.assessmentId, ACTION_PLAN_BUSINESS_DAYS],
    );
    expect(due[0]!.due).toBe(true);

    // The practice manager adds an activity to the first non-conformity.
    const pm = await e2e.newPage();
    await openAs(pm, world.manager, world);
    const results = pm.getByRole('region', { name: 'Survey results' });
    await results.getByText(/^Action plan: Due \d\d\/\d\d\/\d{4} · \d+ business days left$/).waitFor();
    await results.getByText('0 of 3 non-conformities closed').waitFor();
    const pmPanel = await indicator(pm, nc1);
    const form = pmPanel.getByRole('form', { name: 'Add activity' });
    await form
      .getByRole('textbox', { name: /^Description/ })
      .fill('Adopt the college infection control policy');
    await form.getByRole('textbox', { name: 'Responsible' }).fill('Practice manager');
    await form.getByRole('button', { name: 'Add activity' }).click();
    await toast(pm, 'The activity has been added.');
    await pmPanel
      .getByRole('table', { name: 'Activities' })
      .getByText('Adopt the college infection control policy')
      .waitFor();
    await expectAccessible(pm, 'the action plan as the practice sees it, an activity added');

    // A surveyor closes two non-conformities and refers the third to the certification authority.
    const surveyor = await e2e.newPage();
    await openAs(surveyor, world.surveyors[0], world);
    for (const code of [nc1, nc2]) {
      const panel = await indicator(surveyor, code);
      await panel
        .getByRole('radiogroup', { name: 'Non-conformity status' })
        .getByRole('radio', { name: 'Closed' })
        .check();
      await saved(surveyor, code);
      await panel.getByText(/^Closed on \d\d\/\d\d\/\d{4}$/).waitFor();
    }
    const third = await indicator(surveyor, nc3);
    await third.getByRole('checkbox', { name: 'Refer to CA' }).check();
    await saved(surveyor, nc3);
    const surveyorResults = surveyor.getByRole('region', { name: 'Survey results' });
    await surveyorResults.getByText('2 of 3 non-conformities closed').waitFor();
    await surveyorResults.getByRole('figure', { name: 'Met and Not met' }).waitFor();
    await surveyorResults.getByRole('figure', { name: 'Risk ratings' }).waitFor();
    // The practice's screen follows live.
    await results.getByText('2 of 3 non-conformities closed').waitFor();
    await expectAccessible(surveyor, 'the action plan, two closed and one referred, with the charts');

    // The QAM approves.
    await page.reload();
    await waitForAssessmentScreen(page);
    await actions.getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve' });
    await expectAccessible(page, 'the Approve confirmation');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await approve.waitFor({ state: 'detached' });
    await expect.poll(() => assessmentStatus(stack.sql, world.assessmentId)).toBe('APPROVED');

    // The provider admin issues the certificate.
    const admin = await e2e.newPage();
    await openAs(admin, world.admin, world);
    await admin
      .getByRole('region', { name: 'Actions' })
      .getByRole('button', { name: 'Issue certificate' })
      .click();
    const issue = admin.getByRole('dialog', { name: 'Issue certificate' });
    await issue.getByRole('combobox', { name: /^Certified by/ }).click();
    await admin.getByRole('option', { name: world.admin.name }).click();
    await expectAccessible(admin, 'the Issue certificate form, filled');
    await issue.getByRole('button', { name: 'Issue certificate' }).click();
    await issue.waitFor({ state: 'detached' });
    await expect.poll(() => assessmentStatus(stack.sql, world.assessmentId)).toBe('CERTIFIED');
    const { rows: certificates } = await stack.sql.query<{ code: string; number: string; expiry: string }>(
      `select verification_code as code, certificate_number as number, to_char(expiry_date, 'YYYY-MM-DD') as expiry
         from certificates where assessment_id = $1 and validity = 'VALID'`,
      [world.assessmentId],
    );
    expect(certificates).toHaveLength(1);
    const certificate = certificates[0]!;

    // Downloads in A3 (the default) and A4, read back.
    await admin.goto(accreditationPath(world.practice.id));
    const list = admin.getByRole('region', { name: 'Accreditations' });
    for (const [size, points] of [
      ['A3', A3],
      ['A4', A4],
    ] as const) {
      await list.getByRole('button', { name: /^Download .*, Accreditation certificate$/ }).click();
      const dialog = admin.getByRole('dialog', { name: 'Download certificate' });
      await dialog.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: size }).check();
      if (size === 'A3') await expectAccessible(admin, 'Download certificate, the size');
      const download = admin.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Download' }).click();
      const file = await download;
      expect(await pageSize(file)).toEqual(points.map(Math.round));
      const text = await pdfText(file);
      for (const expected of [
        world.practice.name,
        world.site.street,
        world.site.suburb,
        certificate.number,
        certificate.code,
        formatDayMonthYear(certificate.expiry),
      ]) {
        expect(text).toContain(expected);
      }
    }

    // Anyone can check it, without signing in.
    const publicPage = await e2e.newPage();
    await publicPage.goto(verifyRoute(certificate.code));
    await publicPage.getByRole('heading', { name: 'Certificate verification' }).waitFor();
    await publicPage.getByRole('heading', { name: 'Genuine and current' }).waitFor();
    await publicPage.getByText(world.practice.name).first().waitFor();
    await expectAccessible(publicPage, 'the public verify page, a current certificate');

    // The practice manager sees it and downloads the action plan report.
    await pm.goto(accreditationPath(world.practice.id));
    await pm.getByRole('region', { name: 'Accreditations' }).getByText(certificate.number).waitFor();
    const report = pm.waitForEvent('download');
    await pm.getByRole('button', { name: /^Download the Survey action plan report/ }).click();
    const reportFile = await report;
    const reportText = await pdfText(reportFile);
    for (const expected of [
      world.practice.name,
      nc1,
      nc2,
      nc3,
      'Adopt the college infection control policy',
      'Plan 1: fix and evidence it.',
    ]) {
      expect(reportText).toContain(expected);
    }
    await expectAccessible(pm, 'the Accreditation tab with the new certificate');
  });
});
