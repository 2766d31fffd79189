import { ADMIN_CONSOLE_REFUSED_MESSAGE, EDITIONS_REFUSED_MESSAGE } from '@portal/domain';
import { editionFile, editionYamlWithProblems } from '@portal/testkit/edition-factories';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../../app/provider.tsx';
import { createPortalServices } from '../../../lib/services.tsx';
import { GraphqlProvider } from '../../../lib/urql/graphql-provider.tsx';
import { addPracticeRole, createPracticeWith, createUser } from '../../../test/factories.ts';
import {
  installCookieJar,
  renderAppOnStack,
  SCREEN_READY_TIMEOUT_MS,
  signInOnStack,
  useRealStack,
} from '../../../test/stack-harness.tsx';
import { EditionPreview } from './edition-preview.tsx';
import { EditionsView } from './editions-view.tsx';

/**
 * The admin console's Editions (issue 30, docs/editions/README.md "The screens"), the whole app on
 * the real stack: a refused file lists every problem with its line and stores nothing, a good one
 * is a draft in the list, publishing and retiring are confirmed, and nobody but a provider admin
 * gets the screen.
 */
describe('the admin console’s Editions, on the real stack', () => {
  const stack = useRealStack();

  const editionCount = async () =>
    (await stack.sql.query('select count(*)::int as n from public.survey_versions')).rows[0].n as number;
  const statusOf = async (code: string) =>
    (await stack.sql.query('select status from public.survey_versions where code = $1', [code])).rows[0]
      ?.status as string | undefined;

  /**
   * A console screen as `as`, signed in through the real sign-in, in the app's providers and
   * react-admin's context, as the console shows it. Not the whole console: under vitest,
   * react-admin's build brings a copy of react-router of its own, so the console's routes (the
   * app's `Route`) are not its; its screens are rendered as existing console tests render theirs.
   */
  async function renderScreen(as: { email: string; password: string }, screenElement: ReactNode) {
    installCookieJar();
    await signInOnStack(stack, as);
    const services = createPortalServices({
      apiUrl: stack.actionsUrl,
      graphqlUrl: stack.graphqlUrl,
      baseUrl: stack.actionsUrl,
      webSocketImpl: WebSocket,
      leaveApp: () => {},
    });
    await services.session.refresh();
    return render(
      <AppProvider services={services}>
        <GraphqlProvider>
          <AdminContext>{screenElement}</AdminContext>
        </GraphqlProvider>
      </AppProvider>,
    );
  }

  const editionsScreen = <EditionsView previewPath={(id) => `/editions/${id}`} />;

  /** The Editions screen as a new provider admin. */
  async function openAsAdmin() {
    const admin = await createUser(stack.sql, { isAdmin: true });
    await renderScreen(admin, editionsScreen);
    await screen.findByRole('button', { name: 'Import edition' }, { timeout: SCREEN_READY_TIMEOUT_MS });
    return admin;
  }

  /** Chooses `file` in the import form and imports it. */
  async function importFile(file: File) {
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Edition file'), file);
    await user.click(screen.getByRole('button', { name: 'Import edition' }));
    return user;
  }

  /** An edition imported through the API, as the admin. */
  async function imported(admin: { email: string; password: string }) {
    const file = editionFile();
    const response = await fetch(`${stack.actionsUrl}/admin/editions/import`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await stack.tokenFor(admin.email, admin.password)}`,
      },
      body: JSON.stringify(file),
    });
    expect(response.status).toBe(201);
    return file;
  }

  it('issue 30: lists every problem of a refused file with its line, says nothing was imported, and stores nothing', async () => {
    await openAsAdmin();
    expect(screen.getByRole('heading', { name: 'All editions' })).toBeTruthy();
    const before = await editionCount();
    await importFile(
      new File([editionYamlWithProblems()], 'with-problems.yaml', { type: 'application/yaml' }),
    );

    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(within(alert).getByText('Nothing was imported from with-problems.yaml')).toBeTruthy();
    expect(within(alert).getByText(/The file has 3 problems; nothing was imported\./)).toBeTruthy();
    const problems = within(within(alert).getByRole('list', { name: 'Problems in with-problems.yaml' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(problems).toEqual([
      "Line 1Remove 'colour': the format has no such key here.",
      'Line 11sets[0].indicators[0].mandatoryWrite mandatory as true or false.',
      'Line 12sets[0].indicators[1].codeThe indicator code c1.1a is also used in set C1: give each indicator its own code.',
    ]);
    expect(await editionCount()).toBe(before);
  });

  it('issue 30: imports a good file as a draft, says so, and lists it with its counts and date', async () => {
    await openAsAdmin();
    const file = editionFile();
    await importFile(new File([JSON.stringify(file, null, 2)], 'good.json', { type: 'application/json' }));

    const done = await screen.findByText(/is imported from good\.json as a draft/, {}, { timeout: 15_000 });
    expect(done.closest('[role="status"]')?.textContent).toContain(`${file.code} (${file.name})`);
    expect(await statusOf(file.code)).toBe('DRAFT');
    const table = await screen.findByRole('table', { name: 'Editions' });
    const row = await within(table).findByRole('row', { name: new RegExp(file.code) });
    expect(within(row).getByText('Draft')).toBeTruthy();
    expect(within(row).getByText('2 sets, 3 indicators')).toBeTruthy();
    expect(within(row).getByText(/^Imported \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeTruthy();
    expect(within(row).getByText('Effective from 01/07/2027')).toBeTruthy();
    // A draft is published, not retired; it is previewed and exported whatever its status.
    for (const name of ['Preview', 'Export', 'Publish'])
      expect(within(row).getByRole(name === 'Preview' ? 'link' : 'button', { name })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Retire' })).toBeNull();
  });

  it('issue 30: imports a workbook (the spreadsheet template), and refuses it the second time: its code is taken', async () => {
    const admin = await openAsAdmin();
    const template = await fetch(`${stack.actionsUrl}/admin/editions/template.xlsx`, {
      headers: { authorization: `Bearer ${await stack.tokenFor(admin.email, admin.password)}` },
    });
    const bytes = new Uint8Array(await template.arrayBuffer());
    const workbook = () => new File([bytes], 'standards.xlsx', { type: 'application/octet-stream' });
    await importFile(workbook());
    expect(
      await screen.findByText(/is imported from standards\.xlsx as a draft/, {}, { timeout: 15_000 }),
    ).toBeTruthy();

    const before = await editionCount();
    await importFile(workbook());
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(within(alert).getByText('Nothing was imported from standards.xlsx')).toBeTruthy();
    const [problem] = within(alert).getAllByRole('listitem');
    expect(problem!.textContent).toMatch(
      /^The file as a wholecodeAn edition with the code .+ exists already \(draft\)/,
    );
    expect(await editionCount()).toBe(before);
  });

  it('issue 30: publishes a draft and retires it, each after a confirmation that says what cannot be undone', async () => {
    const admin = await createUser(stack.sql, { isAdmin: true });
    const file = await imported(admin);
    await renderScreen(admin, editionsScreen);
    const user = userEvent.setup();
    const row = await screen.findByRole(
      'row',
      { name: new RegExp(file.code) },
      { timeout: SCREEN_READY_TIMEOUT_MS },
    );

    // Cancel changes nothing.
    await user.click(within(row).getByRole('button', { name: 'Publish' }));
    let dialog = await screen.findByRole('dialog', { name: `Publish ${file.code}?` });
    expect(within(dialog).getByText(/A published edition never changes/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await statusOf(file.code)).toBe('DRAFT');

    await user.click(within(row).getByRole('button', { name: 'Publish' }));
    dialog = await screen.findByRole('dialog', { name: `Publish ${file.code}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(
      await screen.findByText(
        `${file.code} is published. It never changes from now on.`,
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(await statusOf(file.code)).toBe('PUBLISHED');
    const published = await screen.findByRole('row', { name: new RegExp(`${file.code}.*Published`) });
    expect(within(published).getByText(/^Published \d{2}\/\d{2}\/\d{4}/)).toBeTruthy();
    expect(within(published).queryByRole('button', { name: 'Publish' })).toBeNull();

    await user.click(within(published).getByRole('button', { name: 'Retire' }));
    dialog = await screen.findByRole('dialog', { name: `Retire ${file.code}?` });
    expect(within(dialog).getByText(/no new cycle uses it/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Retire' }));
    expect(
      await screen.findByText(`${file.code} is retired. No new cycle uses it.`, {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(await statusOf(file.code)).toBe('RETIRED');
    const retired = await screen.findByRole('row', { name: new RegExp(`${file.code}.*Retired`) });
    expect(within(retired).queryByRole('button', { name: 'Retire' })).toBeNull();
    expect(within(retired).getByRole('button', { name: 'Export' })).toBeTruthy();
  });

  it('issue 30: previews an edition as the assessment screen shows it, read only', async () => {
    const admin = await createUser(stack.sql, { isAdmin: true });
    const file = await imported(admin);
    const { rows } = await stack.sql.query('select id from public.survey_versions where code = $1', [
      file.code,
    ]);
    await renderScreen(admin, <EditionPreview id={rows[0].id} listPath="/editions" />);
    const user = userEvent.setup();
    expect(
      await screen.findByRole(
        'heading',
        { name: `${file.code}: ${file.name}` },
        { timeout: SCREEN_READY_TIMEOUT_MS },
      ),
    ).toBeTruthy();
    expect(screen.getByText(/A draft: no cycle uses it yet/)).toBeTruthy();
    // The first set is open; its indicators open one by one.
    await user.click(screen.getByRole('button', { name: /C1\.1A Patients can contact the practice/ }));
    // Waited for as a checkbox, not as text: the text is there (hidden) while the panel still opens.
    const item = (await screen.findByRole('checkbox', { name: /On its website/ })) as HTMLInputElement;
    expect(screen.getByText('1. Does the practice publish its opening hours?')).toBeTruthy();
    expect(item.disabled).toBe(true);
    expect(screen.getByRole('checkbox', { name: /On its website.*Must have/ })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'At the front door' })).toBeTruthy();
    expect(screen.getByText('What the practice publishes, and where.')).toBeTruthy();
    expect(screen.getByText(/Criterion C1\.1 · Mandatory · Evidence no older than 12 months/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Guide to opening hours/ }).getAttribute('href')).toBe(
      'https://example.org/hours',
    );
    expect(screen.getByText('Guide to opening hours: shown to practice managers')).toBeTruthy();
    // The module is there, marked as one.
    await user.click(screen.getByRole('button', { name: 'Open all' }));
    expect(await screen.findByText('The practice arranges care after hours.')).toBeTruthy();
    expect(screen.getByText('Optional module')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('issue 30: refuses the screen to a QAM and to a practice manager', async () => {
    // The whole app at the console's address: the console refuses them before it draws anything.
    const qam = await createUser(stack.sql, { isQam: true });
    const whole = await renderAppOnStack(stack, '/admin-mnqa/editions', { as: qam });
    expect(
      await screen.findByText(ADMIN_CONSOLE_REFUSED_MESSAGE, {}, { timeout: SCREEN_READY_TIMEOUT_MS }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import edition' })).toBeNull();
    whole.unmount();

    // The screen itself, reached by a practice manager: the API refuses, and the screen says so.
    const manager = await createUser(stack.sql);
    const practice = await createPracticeWith(stack.sql);
    await addPracticeRole(stack.sql, practice.id, manager.id, 'PM');
    const before = await editionCount();
    await renderScreen(manager, editionsScreen);
    const alert = await screen.findByRole('alert', {}, { timeout: SCREEN_READY_TIMEOUT_MS });
    expect(alert.textContent).toBe(EDITIONS_REFUSED_MESSAGE);
    expect(screen.queryByRole('table', { name: 'Editions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import edition' })).toBeNull();
    expect(await editionCount()).toBe(before);
  });
});
