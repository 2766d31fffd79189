import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIDENTIALITY_AGREEMENT, DOCUMENT_MESSAGES } from '@portal/domain';
import { createFolder } from '@portal/testkit/document-factories';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openIndicator, signInTo, waitForAssessmentScreen } from './support/assessment-screen.ts';
import { expectAccessible } from './support/axe.ts';
import { waitForServiceWorkerControl } from './support/offline.ts';
import { useE2e } from './support/suite.ts';
import { createSurveyWorld, surveyPath } from './support/survey-data.ts';

/**
 * The app without a network (docs/decisions/offline.md): the production build's service worker
 * takes over the page a surveyor opened, and with the network cut (`context.setOffline`) the
 * assessment's address and another app route still answer with the app (from the worker's precache,
 * fonts included), not Chromium's error page, while `/api/` and `/v1/` are never answered from a
 * cache. Pressing what needs the network offline (Submit for review, Sign the agreement, Upload, a
 * download) does nothing but say so in an alert; online again each works. A new version waits until
 * the user presses Reload. Each test makes its own practice, surveyors and assessment; axe on each
 * screen.
 */
// It deploys a new service worker into its stack's build; each test is a first visit.
const e2e = useE2e({ ownStack: true, contextPerTest: true });

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
);

const needsConnection = (page: Page, what: string) =>
  page
    .getByRole('alert')
    .filter({ hasText: `${what} needs a connection. Try again when you are back online.` });

/** Every answer the page gets from now on, with whether the service worker gave it. */
function recordResponses(page: Page): Response[] {
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  return responses;
}

describe('the app offline', { timeout: 180_000 }, () => {
  it('answers the assessment and another route from the service worker, with its fonts, never the API', async () => {
    const { page, context, stack } = e2e;
    const world = await createSurveyWorld(stack.sql, { signed: [0] });
    await signInTo(page, world.surveyors[0], surveyPath(world));
    await waitForAssessmentScreen(page);
    await waitForServiceWorkerControl(page);

    await context.setOffline(true);
    const responses = recordResponses(page);
    await page.goto(surveyPath(world));
    // The app (its own title and frame), not Chromium's "No internet" page.
    expect(page.url()).toMatch(/^http:/);
    expect(await page.title()).toBe('Connect · Practice Accreditation');
    // The app's own screen: with this slice alone, the sign-in page (the session cannot be renewed
    // offline); with the offline session of slice F, the assessment itself.
    await page.locator('#root').getByRole('heading').first().waitFor();
    const document = responses.find((r) => r.request().resourceType() === 'document');
    expect(document?.fromServiceWorker()).toBe(true);
    expect(document?.status()).toBe(200);
    // The assessment screen's chunk came from the precache (the route preloads it).
    await expect
      .poll(() => responses.some((r) => /\/assets\/assessment-page-[\w-]+\.js$/.test(r.url()) && r.ok()))
      .toBe(true);
    for (const script of responses.filter((r) => r.url().endsWith('.js')))
      expect(script.fromServiceWorker(), script.url()).toBe(true);
    // The fonts load offline: Inter is in use and its file came from the precache.
    expect(
      await page.evaluate(
        "document.fonts.load('16px \"Inter Variable\"').then((faces) => faces.length > 0 && faces.every((f) => f.status === 'loaded'))",
      ),
    ).toBe(true);
    await expect
      .poll(() => responses.some((r) => r.url().endsWith('.woff2') && r.fromServiceWorker() && r.ok()))
      .toBe(true);
    await expectAccessible(page, 'the assessment address offline');

    // Another app route, typed into the address bar.
    responses.length = 0;
    await page.goto('/Dashboard');
    expect(await page.title()).toBe('Connect · Practice Accreditation');
    await page.locator('#root').getByRole('heading').first().waitFor();
    expect(responses.find((r) => r.request().resourceType() === 'document')?.fromServiceWorker()).toBe(true);
    await expectAccessible(page, 'another route offline');

    // The API and GraphQL are never answered from the worker's caches: offline they fail (past
    // the browser's HTTP cache, which /api/config's own max-age would otherwise answer from)...
    for (const url of ['/api/config', '/v1/graphql', '/healthz']) {
      const failed = await page.evaluate(
        `fetch(${JSON.stringify(url)}, { cache: 'no-store' }).then(() => 'answered', (e) => 'failed: ' + e.message)`,
      );
      expect(failed, url).toMatch(/^failed/);
    }
    // ...and the Cache Storage holds only the app's own files, no API or GraphQL answer.
    const cached = await page.evaluate<string[]>(
      'caches.keys().then((names) => Promise.all(names.map((n) => caches.open(n).then((c) => c.keys())))).then((all) => all.flat().map((r) => new URL(r.url).pathname))',
    );
    expect(cached.length).toBeGreaterThan(100);
    expect(cached.filter((url) => /^\/(api|v1|v2|healthz)(\/|$)/.test(url))).toEqual([]);
    // A navigation to /api/ offline is not given the app shell either.
    const apiPage = await context.newPage();
    await apiPage.goto('/api/config').catch(() => undefined);
    expect(await apiPage.title()).not.toBe('Connect · Practice Accreditation');
    await apiPage.close();

    await context.setOffline(false);
  });

  it('says what needs a connection instead of doing it, and does it online again', async () => {
    const { page, context, stack } = e2e;
    const world = await createSurveyWorld(stack.sql, { signed: [0] });
    const folderName = `Survey evidence ${world.assessmentId}`;
    await createFolder(stack.sql, world.practice.id, folderName);
    await signInTo(page, world.surveyors[0], surveyPath(world));
    await waitForAssessmentScreen(page);
    const panel = await openIndicator(page, 'C1.1');

    // Online: a file goes up (the download below needs one).
    const name = 'Sterilisation log.pdf';
    await panel.getByRole('button', { name: 'Upload', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a file' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'File' }).click();
    await (await chooser).setFiles({ name, mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByLabel('Folder').click();
    await page.getByRole('option', { name: folderName }).click();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText(DOCUMENT_MESSAGES.uploadSucceeded, { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const downloadButton = panel.getByRole('button', { name: `Download ${name}` });
    await downloadButton.waitFor();

    await context.setOffline(true);
    const submit = page.getByRole('button', { name: 'Submit for review' });
    // Still focusable and pressable (not disabled): it says why instead.
    await submit.focus();
    await page.keyboard.press('Enter');
    await needsConnection(page, 'Submitting').waitFor();
    expect(await page.getByRole('dialog', { name: 'Submit for review' }).count()).toBe(0);
    await expectAccessible(page, 'Submitting needs a connection');

    await panel.getByRole('button', { name: 'Upload', exact: true }).click();
    await needsConnection(page, 'Uploading files').waitFor();
    expect(await page.getByRole('dialog', { name: 'Upload a file' }).count()).toBe(0);

    let downloads = 0;
    page.on('download', () => downloads++);
    await downloadButton.click();
    await needsConnection(page, 'Downloading').waitFor();
    await expectAccessible(page, 'Uploading files and Downloading need a connection');
    expect(downloads).toBe(0);

    // Online again: the alerts go, and each control works.
    await context.setOffline(false);
    await needsConnection(page, 'Submitting').waitFor({ state: 'detached' });
    const download = page.waitForEvent('download');
    await downloadButton.click();
    expect((await download).suggestedFilename()).toBe(name);
    await panel.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await submit.click();
    await page.getByRole('dialog', { name: 'Submit for review' }).waitFor();
  });

  it('says that signing the agreement needs a connection, and signs it online again', async () => {
    const { page, context, stack } = e2e;
    const world = await createSurveyWorld(stack.sql);
    await signInTo(page, world.surveyors[1], surveyPath(world));
    const agreement = page.getByRole('dialog', { name: CONFIDENTIALITY_AGREEMENT.title });
    await agreement.waitFor();
    for (const statement of CONFIDENTIALITY_AGREEMENT.statements)
      await agreement.getByRole('checkbox', { name: statement }).check();

    await context.setOffline(true);
    const sign = agreement.getByRole('button', { name: CONFIDENTIALITY_AGREEMENT.sign });
    await sign.click();
    await needsConnection(page, 'Signing the agreement').waitFor();
    await expectAccessible(page, 'Signing the agreement needs a connection');
    const { rows: none } = await stack.sql.query(
      'select 1 from confidentiality_signs where assessment_id = $1 and user_id = $2',
      [world.assessmentId, world.surveyors[1].id],
    );
    expect(none).toHaveLength(0);

    await context.setOffline(false);
    await sign.click();
    await agreement.waitFor({ state: 'detached' });
    await waitForAssessmentScreen(page);
    const { rows } = await stack.sql.query(
      'select 1 from confidentiality_signs where assessment_id = $1 and user_id = $2',
      [world.assessmentId, world.surveyors[1].id],
    );
    expect(rows).toHaveLength(1);
  });

  // Last: it changes the served build's service worker, which the other tests' pages would see.
  it('waits for Reload before a new version takes over', async () => {
    const { page, stack } = e2e;
    const world = await createSurveyWorld(stack.sql, { signed: [0] });
    await signInTo(page, world.surveyors[0], surveyPath(world));
    await waitForAssessmentScreen(page);
    await waitForServiceWorkerControl(page);
    await page.evaluate('window.__beforeUpdate = true');

    // A new deployment: the worker script changes on the server; the app checks on reconnecting.
    appendFileSync(path.join(stack.webDist, 'sw.js'), `\n// deployed again ${Date.now()}\n`);
    await page.evaluate("window.dispatchEvent(new Event('online'))");
    const prompt = page.getByRole('status').filter({ hasText: 'A new version of the portal is ready.' });
    await prompt.waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'the app update prompt');
    // It never reloads by itself: the page (and anything typed in it) is the same one.
    expect(await page.evaluate('window.__beforeUpdate === true')).toBe(true);
    expect(
      await page.evaluate('navigator.serviceWorker.getRegistration().then((r) => r.waiting !== null)'),
    ).toBe(true);

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await waitForAssessmentScreen(page);
    expect(await page.evaluate('window.__beforeUpdate === undefined')).toBe(true);
    // The new version took over: nothing waits any more.
    expect(
      await page.evaluate('navigator.serviceWorker.getRegistration().then((r) => r.waiting === null)'),
    ).toBe(true);
    expect(await prompt.count()).toBe(0);
  });
});
