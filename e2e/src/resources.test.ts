import { readFileSync } from 'node:fs';
import { DOCUMENT_MESSAGES } from '@portal/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { signInAs } from './support/browser.ts';
import { createPractice, createPracticeManager, createUser, unique } from './support/factories.ts';
import { toast } from './support/staff-register.ts';
import { useE2e } from './support/suite.ts';

/**
 * Resources and Factsheets (spec 000 §2, spec 002 §2) in Chromium: the provider admin adds a
 * factsheet with a file (through the document store) and a resource with a link; a practice manager
 * sees the practice managers' ones only and downloads the file (the same bytes, its own name); a
 * surveyor sees the surveyors' ones. Every list is narrowed by a name of the test's own (the demo
 * data is there too).
 */
const e2e = useE2e();

const PDF = Buffer.from(
  '%PDF-1.4\n% hand hygiene\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** Until a modal's opening transition has finished (axe would measure its colours half faded in). */
const settled = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(
        "document.getAnimations().filter((a) => a instanceof CSSTransition).every((a) => a.playState !== 'running')",
      ),
    )
    .toBe(true);

/** Opens a list page and searches it for `text`, waiting for the debounce to have applied. */
async function openAndSearch(page: Page, path: '/Resources' | '/Factsheets', text: string) {
  await page.goto(path);
  const title = path.slice(1);
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
  await page.getByLabel(`Search ${title.toLowerCase()}`).fill(text);
}

describe('resources and factsheets', () => {
  it('the admin adds a factsheet with a file and a resource with a link; a PM and a surveyor each see theirs', async () => {
    const { page, stack } = e2e;
    const tag = `E2E ${unique()}`;
    const factsheet = `${tag} Hand hygiene`;
    const resource = `${tag} Surveyor handbook`;
    const admin = await createUser(stack.sql, { isAdmin: true, firstName: 'Ada', lastName: 'Admin' });
    await signInAs(page, admin, {});

    // The factsheet, with a file, for practice managers (the default of a factsheet).
    await page.goto('/Factsheets');
    await page.getByRole('table', { name: 'Factsheets' }).waitFor();
    await expectAccessible(page, 'the Factsheets list of the admin');
    await page.getByRole('button', { name: 'Add factsheet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a factsheet' });
    await dialog.waitFor();
    await settled(page);
    await dialog.getByRole('button', { name: 'Add factsheet' }).click();
    await dialog.getByText('Required.').first().waitFor();
    await expectAccessible(page, 'the add factsheet form with its messages');
    await dialog.getByLabel('Name').fill(factsheet);
    await dialog.getByLabel('Category').fill('Infection control');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'Hand hygiene.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByRole('button', { name: 'Add factsheet' }).click();
    await toast(page, 'Successfully added the factsheet.');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Download ${factsheet}` }).waitFor();

    // The resource, a link, for surveyors only.
    await page.goto('/Resources');
    await page.getByRole('table', { name: 'Resources' }).waitFor();
    await page.getByRole('button', { name: 'Add resource' }).click();
    const add = page.getByRole('dialog', { name: 'Add a resource' });
    await add.waitFor();
    await add.getByLabel('Name').fill(resource);
    await add.getByLabel('Category').fill('Surveying');
    await add.getByRole('checkbox', { name: 'Surveyors' }).check();
    await add.getByText('Link to a web page').click();
    await add.getByLabel('Web address').fill('ftp://surveyors.example.test/handbook');
    await add.getByRole('button', { name: 'Add resource' }).click();
    await add.getByText('Enter a web address starting with http:// or https://').waitFor();
    await add.getByLabel('Web address').fill('https://surveyors.example.test/handbook');
    await add.getByRole('button', { name: 'Add resource' }).click();
    await toast(page, 'Successfully added the resource.');
    await add.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: new RegExp(resource) }).waitFor();
    const rows = await stack.sql.query(
      `select name, kind, category, file_type, url, for_pm, for_surveyor, storage_key like 'resources/general/%' as stored
         from indicator_resources where name like $1 order by name`,
      [`${tag}%`],
    );
    expect(rows.rows).toEqual([
      {
        name: factsheet,
        kind: 'FACTSHEET',
        category: 'Infection control',
        file_type: 'pdf',
        url: null,
        for_pm: true,
        for_surveyor: false,
        stored: true,
      },
      {
        name: resource,
        kind: 'RESOURCE',
        category: 'Surveying',
        file_type: null,
        url: 'https://surveyors.example.test/handbook',
        for_pm: false,
        for_surveyor: true,
        stored: null,
      },
    ]);

    // A practice manager: the factsheet, downloaded; not the surveyors' resource.
    const manager = await createPracticeManager(stack.sql, [await createPractice(stack.sql)]);
    const pmPage = await e2e.newPage();
    await signInAs(pmPage, manager, {});
    await openAndSearch(pmPage, '/Factsheets', tag);
    const download = pmPage.waitForEvent('download');
    await pmPage.getByRole('button', { name: `Download ${factsheet}` }).click();
    const file = await download;
    await toast(pmPage, DOCUMENT_MESSAGES.downloadSucceeded);
    expect(file.suggestedFilename()).toBe(`${factsheet}.pdf`);
    expect(readFileSync((await file.path())!)).toEqual(PDF);
    await expectAccessible(pmPage, 'the Factsheets list of a practice manager, searched');
    await openAndSearch(pmPage, '/Resources', tag);
    await pmPage.getByText('No resources match.').waitFor();
    expect(await pmPage.getByRole('button', { name: 'Add resource' }).count()).toBe(0);

    // A surveyor: the resource (a link to a new tab); not the practice managers' factsheet.
    const surveyor = await createUser(stack.sql, { isSurveyor: true });
    const suPage = await e2e.newPage();
    await signInAs(suPage, surveyor, {});
    await openAndSearch(suPage, '/Resources', tag);
    const link = suPage.getByRole('link', { name: new RegExp(resource) });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://surveyors.example.test/handbook');
    expect(await link.getAttribute('target')).toBe('_blank');
    await expectAccessible(suPage, 'the Resources list of a surveyor, searched');
    await openAndSearch(suPage, '/Factsheets', tag);
    await suPage.getByText('No factsheets match.').waitFor();
  });
});
