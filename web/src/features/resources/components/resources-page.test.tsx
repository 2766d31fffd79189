import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createGeneralResource,
  createPracticeWith,
  createUser,
  type TestUser,
} from '../../../test/factories.ts';
import { pickOption } from '../../../test/pick-option.ts';
import { renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';

const pdf = (name: string) => new File(['%PDF-1.4 a factsheet'], name, { type: 'application/pdf' });

/** The Resources and Factsheets pages against the real stack and s3rver, on data of their own. */
describe('Resources and Factsheets on the real stack', () => {
  const stack = useRealStack({ s3: true });
  let admin: TestUser;
  let manager: TestUser;
  let surveyor: TestUser;
  const tag = `t${Date.now().toString(36)}`;
  const names = {
    pm: `${tag} Practice template`,
    surveyor: `${tag} Surveyor notes`,
    both: `${tag} Guide for everyone`,
    archived: `${tag} Old guide`,
    nobody: `${tag} Internal manual`,
  };
  beforeAll(async () => {
    admin = await createUser(stack.sql, { isAdmin: true });
    manager = await createUser(stack.sql);
    surveyor = await createUser(stack.sql, { isSurveyor: true });
    await createPracticeWith(stack.sql, { status: 'IN_PROGRESS', managers: [manager] });
    const link = (n: number) => `https://resources.example.test/${tag}/${n}`;
    await createGeneralResource(stack.sql, {
      name: names.pm,
      category: 'Templates',
      forPm: true,
      fileType: 'docx',
    });
    await createGeneralResource(stack.sql, {
      name: names.surveyor,
      category: 'Surveying',
      forSurveyor: true,
      url: link(1),
    });
    await createGeneralResource(stack.sql, {
      name: names.both,
      category: 'Standards',
      forPm: true,
      forSurveyor: true,
      url: link(2),
    });
    await createGeneralResource(stack.sql, {
      name: names.archived,
      forPm: true,
      forSurveyor: true,
      archived: true,
      url: link(3),
    });
    await createGeneralResource(stack.sql, { name: names.nobody, url: link(4) });
  }, 60_000);

  const table = () => screen.findByRole('table', { name: 'Resources' }, { timeout: 15_000 });
  /** A filter's select box (its list of options is labelled by the same label). */
  const selectInput = (label: string) =>
    screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT')!;
  /** The names in the list of the test's own rows (plain DOM: role queries are slow on a whole app). */
  const shownNames = async () => {
    const rows = [...(await table()).querySelectorAll('tbody tr')];
    return rows.map((row) => row.querySelector('td')?.textContent ?? '').filter((t) => t.startsWith(tag));
  };

  it('shows a practice manager the for_pm resources only, with no managing buttons, and searches them', async () => {
    await renderAppOnStack(stack, '/Resources', { as: manager });
    await waitFor(async () => expect((await shownNames()).length).toBe(2), { timeout: 15_000 });
    const text = (await shownNames()).join('|');
    expect(text).toContain(names.pm);
    expect(text).toContain(names.both);
    expect(screen.queryByRole('button', { name: 'Add resource' })).toBeNull();
    expect(screen.queryByLabelText('Show archived')).toBeNull();
    expect(screen.getByRole('button', { name: `Download ${names.pm}` })).toBeTruthy();
    expect(screen.getByRole('link', { name: new RegExp(names.both) }).getAttribute('target')).toBe('_blank');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search resources'), 'guide everyone');
    await waitFor(async () => expect(await shownNames()).toEqual([expect.stringContaining(names.both)]), {
      timeout: 5_000,
    });
    await user.clear(screen.getByLabelText('Search resources'));
    await waitFor(async () => expect((await shownNames()).length).toBe(2), { timeout: 15_000 });
  });

  it('shows a surveyor the for_surveyor resources only', async () => {
    await renderAppOnStack(stack, '/Resources', { as: surveyor });
    await waitFor(async () => expect((await shownNames()).length).toBe(2), { timeout: 15_000 });
    const text = (await shownNames()).join('|');
    expect(text).toContain(names.surveyor);
    expect(text).toContain(names.both);
  });

  it('filters by type and by category', async () => {
    await renderAppOnStack(stack, '/Resources', { as: surveyor });
    await waitFor(async () => expect((await shownNames()).length).toBe(2), { timeout: 15_000 });
    const user = userEvent.setup();
    await pickOption(user, selectInput('Category'), 'Surveying');
    await waitFor(async () => expect(await shownNames()).toEqual([expect.stringContaining(names.surveyor)]));
    await pickOption(user, selectInput('Type'), 'Files');
    await screen.findByText('No resources match.');
    await pickOption(user, selectInput('Type'), 'Links');
    await waitFor(async () => expect(await shownNames()).toEqual([expect.stringContaining(names.surveyor)]));
  });

  it('lets the admin edit a file resource and keep its file', async () => {
    const row = await createGeneralResource(stack.sql, {
      name: `Editable ${tag}`,
      category: 'Templates',
      forPm: true,
      fileType: 'pdf',
    });
    await renderAppOnStack(stack, '/Resources', { as: admin });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: `Edit Editable ${tag}` }, { timeout: 15_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit resource' });
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, `Edited ${tag}`);
    await user.click(within(dialog).getByLabelText('Surveyors'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Successfully saved the resource.', {}, { timeout: 15_000 })).toBeTruthy();
    const { rows } = await stack.sql.query(
      'select name, storage_key, file_type, for_pm, for_surveyor from indicator_resources where id = $1',
      [row.id],
    );
    expect(rows[0]).toEqual({
      name: `Edited ${tag}`,
      storage_key: row.storageKey,
      file_type: 'pdf',
      for_pm: true,
      for_surveyor: true,
    });
  });

  it('shows the admin every resource, archived ones behind Show archived, and who each is for', async () => {
    await renderAppOnStack(stack, '/Resources', { as: admin });
    await waitFor(async () => expect((await shownNames()).length).toBe(4), { timeout: 15_000 });
    expect((await shownNames()).join('|')).not.toContain(names.archived);
    const row = (await table()).querySelectorAll('tr');
    expect(
      [...row].some(
        (r) => r.textContent?.includes(names.nobody) && r.textContent.includes('Administrators only'),
      ),
    ).toBe(true);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Show archived'));
    await waitFor(async () => expect((await shownNames()).length).toBe(5), { timeout: 15_000 });
    expect(screen.getByText('Archived')).toBeTruthy();
  });

  it('refuses an empty form with a message under each field, and writes nothing', async () => {
    const before = (await stack.sql.query('select count(*)::int as n from indicator_resources')).rows[0].n;
    await renderAppOnStack(stack, '/Factsheets', { as: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add factsheet' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a factsheet' });
    await user.click(within(dialog).getByLabelText('Practice managers'));
    await user.click(within(dialog).getByRole('button', { name: 'Add factsheet' }));
    expect(within(dialog).getAllByText('Required.').length).toBe(2);
    expect(within(dialog).getByText('Choose who sees it: practice managers, surveyors or both')).toBeTruthy();
    expect(within(dialog).getByText('Choose a file')).toBeTruthy();
    expect((await stack.sql.query('select count(*)::int as n from indicator_resources')).rows[0].n).toBe(
      before,
    );
  });

  it('lets the admin add a factsheet with a file, then archive it', async () => {
    await renderAppOnStack(stack, '/Factsheets', { as: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add factsheet' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a factsheet' });
    await user.type(within(dialog).getByLabelText(/^Name/), `${tag} Hand hygiene`);
    await user.type(within(dialog).getByLabelText(/^Category/), 'Infection control');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, pdf('Hand hygiene.pdf'));
    await user.click(within(dialog).getByRole('button', { name: 'Add factsheet' }));
    expect(
      await screen.findByText('Successfully added the factsheet.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    const { rows } = await stack.sql.query(
      `select id, kind, category, file_type, storage_key, for_pm, for_surveyor from indicator_resources where name = $1`,
      [`${tag} Hand hygiene`],
    );
    expect(rows[0]).toMatchObject({
      kind: 'FACTSHEET',
      category: 'Infection control',
      file_type: 'pdf',
      for_pm: true,
      for_surveyor: false,
    });
    expect(rows[0].storage_key).toMatch(/^resources\/general\//);
    const factsheets = await screen.findByRole('table', { name: 'Factsheets' });
    await within(factsheets).findByRole('button', { name: `Download ${tag} Hand hygiene` });

    await user.click(within(factsheets).getByRole('button', { name: `Archive ${tag} Hand hygiene` }));
    expect(await screen.findByText('Successfully archived the factsheet.')).toBeTruthy();
    // Archived: gone from the list (the admin sees it again behind Show archived), still in the table.
    await waitFor(() => expect(screen.queryByText(`${tag} Hand hygiene`)).toBeNull(), { timeout: 5_000 });
    expect(
      (await stack.sql.query('select archived from indicator_resources where id = $1', [rows[0].id])).rows[0],
    ).toEqual({ archived: true });
  });
});
