import { editionFile, editionYamlWithProblems } from '@portal/testkit/edition-factories';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { openSignedIn } from './support/browser.ts';
import { createUser } from './support/factories.ts';
import { useE2e } from './support/suite.ts';

/**
 * The admin console's Editions in Chromium (issue 30, docs/editions/README.md "The screens"): a
 * provider admin imports a file with problems (every one listed, nothing stored), then a good
 * file (a draft in the list), previews it as the assessment screen will show it, and publishes
 * it after the confirmation. axe on the list, the problems, the preview and the confirmation.
 */
const e2e = useE2e();

describe('the editions of the standards', { timeout: 150_000 }, () => {
  it('lets a provider admin import an edition from a file, preview it and publish it', async () => {
    const { page, stack } = e2e;
    const admin = await createUser(stack.sql, { isAdmin: true, firstName: 'Ada', lastName: 'Admin' });
    const file = editionFile();
    const editions = async () =>
      (await stack.sql.query('select count(*)::int as n from public.survey_versions')).rows[0].n as number;

    await openSignedIn(page, admin, '/admin-mnqa/editions');
    await page.getByRole('heading', { name: 'Editions', level: 1 }).waitFor({ timeout: 30_000 });
    await page.getByRole('table', { name: 'Editions' }).waitFor();
    await expectAccessible(page, 'the editions');

    // A file with problems: each listed with its line, nothing stored.
    const before = await editions();
    const chooser = page.getByLabel('Edition file');
    await chooser.setInputFiles({
      name: 'with-problems.yaml',
      mimeType: 'application/yaml',
      buffer: Buffer.from(editionYamlWithProblems()),
    });
    await page.getByRole('button', { name: 'Import edition' }).click();
    const problems = page.getByRole('list', { name: 'Problems in with-problems.yaml' });
    await problems.waitFor();
    expect(await problems.getByRole('listitem').count()).toBe(3);
    await page.getByRole('alert').getByText('Nothing was imported from with-problems.yaml').waitFor();
    expect(await editions()).toBe(before);
    await expectAccessible(page, 'the editions, a file refused with its problems');

    // A good file: a draft in the list.
    await chooser.setInputFiles({
      name: `${file.code}.edition.json`,
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file, null, 2)),
    });
    await page.getByRole('button', { name: 'Import edition' }).click();
    await page
      .getByRole('status')
      .getByText(/as a draft: 2 sets, 3 indicators/)
      .waitFor();
    const row = page.getByRole('row').filter({ hasText: file.code });
    await row.getByText('Draft').waitFor();

    // Its preview, as the assessment screen will show it.
    await row.getByRole('link', { name: 'Preview' }).click();
    await page.getByRole('heading', { name: `${file.code}: ${file.name}` }).waitFor();
    await page.getByRole('button', { name: /C1\.1A Patients can contact the practice/ }).click();
    await page.getByText('1. Does the practice publish its opening hours?').waitFor();
    expect(await page.getByRole('checkbox', { name: /On its website/ }).isDisabled()).toBe(true);
    await expectAccessible(page, 'the preview of a draft edition');

    // Back to the list, and published after the confirmation.
    await page.getByRole('link', { name: 'Back to the editions' }).click();
    await row.getByRole('button', { name: 'Publish' }).click();
    const dialog = page.getByRole('dialog', { name: `Publish ${file.code}?` });
    await dialog.getByText(/A published edition never changes/).waitFor();
    await expectAccessible(page, 'publishing an edition, the confirmation');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await page
      .getByRole('status')
      .getByText(`${file.code} is published. It never changes from now on.`)
      .waitFor();
    await row.getByText('Published', { exact: true }).waitFor();
    const { rows } = await stack.sql.query(
      'select status, published_at is not null as dated from public.survey_versions where code = $1',
      [file.code],
    );
    expect(rows).toEqual([{ status: 'PUBLISHED', dated: true }]);
    await expectAccessible(page, 'the editions after publishing', { unlessChecked: true });
  });
});
