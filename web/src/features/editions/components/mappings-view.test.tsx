import { createAccreditation, createResponse } from '@portal/testkit/assessment-factories';
import { createEdition, createMappedEditions, type TestEdition } from '@portal/testkit/edition-factories';
import { createAssessment, createPractice } from '@portal/testkit/factories';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../../app/provider.tsx';
import { createPortalServices } from '../../../lib/services.tsx';
import { GraphqlProvider } from '../../../lib/urql/graphql-provider.tsx';
import { createUser } from '../../../test/factories.ts';
import {
  installCookieJar,
  SCREEN_READY_TIMEOUT_MS,
  signInOnStack,
  useRealStack,
} from '../../../test/stack-harness.tsx';
import { MappingScreen } from './mapping-view.tsx';
import { MappingsView } from './mappings-view.tsx';
import { MoveScreen } from './move-view.tsx';

/**
 * The admin console's mapping and move screens (issue 30, docs/editions/README.md "The screens") on
 * the real stack: a refused mapping file lists its problems; a mapping's rows are mapped, changed
 * (a merge with its sources) and refused with the service's problems; practices move after a dry
 * run, and the move is undone.
 */
describe('the admin console’s mappings and moves, on the real stack', () => {
  const stack = useRealStack();

  /** A console screen as a new provider admin, in the app's providers and react-admin's context. */
  async function renderAsAdmin(screenElement: ReactNode) {
    const admin = await createUser(stack.sql, { isAdmin: true });
    installCookieJar();
    await signInOnStack(stack, admin);
    const services = createPortalServices({
      apiUrl: stack.actionsUrl,
      graphqlUrl: stack.graphqlUrl,
      baseUrl: stack.actionsUrl,
      webSocketImpl: WebSocket,
      leaveApp: () => {},
    });
    await services.session.refresh();
    render(
      <AppProvider services={services}>
        <GraphqlProvider>
          <AdminContext>{screenElement}</AdminContext>
        </GraphqlProvider>
      </AppProvider>,
    );
    return admin;
  }

  /** A mapping imported through the API as a provider admin: its id. */
  async function importedMapping(file: object) {
    const admin = await createUser(stack.sql, { isAdmin: true });
    const response = await fetch(`${stack.actionsUrl}/admin/editions/mappings/import`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await stack.tokenFor(admin.email, admin.password)}`,
      },
      body: JSON.stringify(file),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()).id as number;
  }

  const rowsOf = async (mappingId: number) =>
    (
      await stack.sql.query(
        `select f.code as from, m.kind, t.code as to from edition_indicator_mappings m
           join indicators f on f.id = m.from_indicator_id left join indicators t on t.id = m.to_indicator_id
          where m.mapping_id = $1 order by f.code, t.code`,
        [mappingId],
      )
    ).rows;

  const partialFile = (older: TestEdition, newer: TestEdition) => ({
    format: 'portal-edition-mapping/1',
    from: older.code,
    to: newer.code,
    indicators: [
      { from: 'A1', kind: 'EQUIVALENT', to: 'B1', items: [{ from: '1.1', to: '1.1' }] },
      { from: 'A2', kind: 'EQUIVALENT', to: 'B2' },
      { from: 'A3', kind: 'EQUIVALENT', to: 'B3' },
    ],
  });

  it('issue 30: maps an unmapped indicator, changes a merge with its sources, and shows every problem of a refused change', async () => {
    const older = await createEdition(stack.sql, { A1: 2, A2: 0, A3: 0, A4: 0 });
    const newer = await createEdition(stack.sql, { B1: 2, B2: 0, B3: 0, B4: 0 }, { status: 'DRAFT' });
    const id = await importedMapping(partialFile(older, newer));
    await renderAsAdmin(
      <MappingScreen id={id} listPath="/editions/mappings" movePath={(m) => `/moves/${m}`} />,
    );
    const user = userEvent.setup();
    await screen.findByText('3 of 4 older indicators mapped (75%)', {}, { timeout: SCREEN_READY_TIMEOUT_MS });
    expect(screen.getByText('3 of 4 older indicators mapped (75%)')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '3 of 4 older indicators mapped (75%)' })).toBeTruthy();
    const unmapped = screen.getByRole('region', { name: 'Not mapped yet (1)' });
    expect(within(unmapped).getByText('Indicator A4')).toBeTruthy();
    const fresh = screen.getByRole('region', { name: `New in ${newer.code} (1)` });
    expect(within(fresh).getByText('B4')).toBeTruthy();
    const rows = screen.getByRole('table', { name: `Rows of the mapping ${older.code} to ${newer.code}` });
    expect(within(within(rows).getByRole('row', { name: /^A1/ })).getByText('1.1 → 1.1')).toBeTruthy();

    // A4 mapped in the screen: retired.
    await user.click(within(unmapped).getByRole('button', { name: 'Map' }));
    let dialog = await screen.findByRole('dialog', { name: 'Map A4' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Kind' }), 'RETIRED');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A4 is now Retired.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('4 of 4 older indicators mapped (100%)')).toBeTruthy();
    expect(
      screen.getByText(
        `Every older indicator is mapped. Publish ${newer.code} before moving practices to it.`,
      ),
    ).toBeTruthy();

    // A split into B2 and B3 while A2 and A3 still map to them: refused, every problem listed, nothing changed.
    // The mapping dialog closes first (until then the rest of the page is hidden from the tree).
    await user.click(
      within(await screen.findByRole('row', { name: /^A3/ }, { timeout: 15_000 })).getByRole('button', {
        name: 'Change',
      }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Map A3' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Kind' }), 'SPLIT');
    await user.click(within(dialog).getByRole('checkbox', { name: 'B2' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'B4' }));
    const before = await rowsOf(id);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const refused = await within(dialog).findByRole('alert', {}, { timeout: 15_000 });
    expect(within(refused).getByText('A3 was not changed')).toBeTruthy();
    expect(within(refused).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(within(refused).getByRole('list', { name: 'Problems with the change' }).textContent).toMatch(/B2/);
    expect(await rowsOf(id)).toEqual(before);

    // The merge instead: A2 and A3 into B2, both sources in one change.
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Kind' }), 'MERGED');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Merged into' }), 'B2');
    await user.click(within(dialog).getByRole('checkbox', { name: 'A2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('A3 is now Merged (n:1) into B2, with A2.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await rowsOf(id)).toEqual([
      { from: 'A1', kind: 'EQUIVALENT', to: 'B1' },
      { from: 'A2', kind: 'MERGED', to: 'B2' },
      { from: 'A3', kind: 'MERGED', to: 'B2' },
      { from: 'A4', kind: 'RETIRED', to: null },
    ]);
    expect(screen.getByRole('region', { name: `New in ${newer.code} (2)` })).toBeTruthy();

    // Unmap: the row is listed as not mapped again.
    await user.click(
      within(await screen.findByRole('row', { name: /^A4/ }, { timeout: 15_000 })).getByRole('button', {
        name: 'Unmap',
      }),
    );
    expect(
      await screen.findByText('A4 is unmapped: it is listed under Not mapped yet.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Not mapped yet (1)' })).toBeTruthy();
  });

  it('issue 30: lists every problem of a refused mapping file with its line, and stores nothing', async () => {
    await renderAsAdmin(
      <MappingsView
        editionsPath="/editions"
        mappingPath={(id) => `/m/${id}`}
        movePath={(id) => `/moves/${id}`}
      />,
    );
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Import mapping' }, { timeout: SCREEN_READY_TIMEOUT_MS });
    const count = async () =>
      (await stack.sql.query('select count(*)::int as n from edition_mappings')).rows[0].n;
    const before = await count();
    const yaml = [
      'format: portal-edition-mapping/1',
      'from: NOPE-1',
      'to: NOPE-2',
      'indicators:',
      '  - {from: A1, kind: MOVED, to: B1}',
      '',
    ].join('\n');
    await user.upload(
      screen.getByLabelText('Mapping file'),
      new File([yaml], 'bad.yaml', { type: 'application/yaml' }),
    );
    await user.click(screen.getByRole('button', { name: 'Import mapping' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(within(alert).getByText('Nothing was imported from bad.yaml')).toBeTruthy();
    const problems = within(within(alert).getByRole('list', { name: 'Problems in bad.yaml' })).getAllByRole(
      'listitem',
    );
    expect(problems.some((p) => /^Line 5/.test(p.textContent ?? ''))).toBe(true);
    expect(await count()).toBe(before);
  });

  it('issue 30: moves a practice after a dry run, lists it, and undoes it', async () => {
    const editions = await createMappedEditions(stack.sql);
    const practice = await createPractice(stack.sql, { name: `Dry Run Practice ${Date.now().toString(36)}` });
    const accreditationId = await createAccreditation(stack.sql, practice.id, {
      surveyVersionId: editions.older.id,
    });
    const { id: assessmentId } = await createAssessment(stack.sql, accreditationId);
    await createResponse(stack.sql, assessmentId, editions.older.indicators.A1!, { compliance: 'MET' });
    await renderAsAdmin(<MoveScreen mappingId={editions.mappingId} mappingsPath="/editions/mappings" />);
    const user = userEvent.setup();
    const choice = await screen.findByRole(
      'checkbox',
      { name: new RegExp(`^${practice.name}: Self assessment ${assessmentId}`) },
      { timeout: SCREEN_READY_TIMEOUT_MS },
    );
    // Nothing chosen: said so.
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one assessment.');
    await user.type(screen.getByRole('searchbox', { name: 'Search practices' }), practice.name.slice(0, 12));
    await user.click(choice);
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    const table = await screen.findByRole(
      'table',
      { name: `What would move of assessment ${assessmentId}` },
      { timeout: 15_000 },
    );
    const b1 = within(table).getByRole('row', { name: /^B1/ });
    expect(within(b1).getByText('Carried')).toBeTruthy();
    expect(within(b1).getByText('Yes')).toBeTruthy();
    expect(
      within(within(table).getByRole('row', { name: /^B4/ })).getByText('New in this edition'),
    ).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /^B3/ })).getByText('Merged')).toBeTruthy();
    expect(screen.getByText(/Retired \(the answer stays with the older assessment\): A5/)).toBeTruthy();
    expect(
      (
        await stack.sql.query(
          'select count(*)::int as n from assessment_moves where from_assessment_id = $1',
          [assessmentId],
        )
      ).rows[0].n,
    ).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Move' }));
    const confirm = await screen.findByRole('dialog', { name: `Move to ${editions.newer.code}?` });
    await user.click(within(confirm).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText(/^1 moved, 0 refused\./, {}, { timeout: 15_000 })).toBeTruthy();
    const { rows } = await stack.sql.query(
      'select moved_to_assessment_id as to from assessments where id = $1',
      [assessmentId],
    );
    expect(rows[0].to).toBeGreaterThan(0);
    expect(
      screen.getByText(`${practice.name}: assessment ${assessmentId} moved, now assessment ${rows[0].to}`),
    ).toBeTruthy();

    const history = await screen.findByRole('table', { name: 'Recent moves' });
    const row = await within(history).findByRole('row', { name: new RegExp(practice.name) });
    expect(within(row).getByText('Nobody has edited the copy')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText(
        new RegExp(`The move of assessment ${assessmentId} .* is undone`),
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(
      (
        await stack.sql.query('select moved_to_assessment_id as to from assessments where id = $1', [
          assessmentId,
        ])
      ).rows[0].to,
    ).toBeNull();
    await within(history).findByText(/^Undone /);
    // The assessment is offered again.
    await screen.findByRole('checkbox', {
      name: new RegExp(`^${practice.name}: Self assessment ${assessmentId}`),
    });
  });

  it('issue 30: says a draft newer edition must be published before moving', async () => {
    const older = await createEdition(stack.sql, { A1: 0 });
    const newer = await createEdition(stack.sql, { B1: 0 }, { status: 'DRAFT' });
    const id = await importedMapping({
      format: 'portal-edition-mapping/1',
      from: older.code,
      to: newer.code,
      indicators: [{ from: 'A1', kind: 'EQUIVALENT', to: 'B1' }],
    });
    await renderAsAdmin(<MoveScreen mappingId={id} mappingsPath="/editions/mappings" />);
    expect(
      await screen.findByText(
        `${newer.code} is a draft: publish it before moving practices to it.`,
        {},
        { timeout: SCREEN_READY_TIMEOUT_MS },
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move' })).toBeNull();
  });
});
