import {
  formatDisplayDate,
  PRACTICE_LIST_ROW_FIELDS,
  type PracticeListRow,
  practiceListCells,
} from '@portal/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAccreditation,
  createNetwork,
  createPracticeWith,
  createReapplication,
  createSurveyVisit,
  createUser,
  type TestUser,
} from '../../../test/factories.ts';
import { listedIds, openPracticeList, rowOf } from '../../../test/practice-list.ts';
import { gqlAs, type SignIn, useRealStack } from '../../../test/stack-harness.tsx';

/** Practice ids in ascending order, as `listedIds` gives them. */
const ids = (...practices: Array<{ id: number }>) => practices.map((p) => p.id).sort((a, b) => a - b);

describe('the practice list on the real stack', () => {
  const stack = useRealStack();
  let manager: TestUser;
  let admin: TestUser;
  let newcomer: TestUser;
  /** The manager's seven practices, each in the state its name recalls. */
  const p = {} as Record<
    'riverbend' | 'southernCross' | 'bayview' | 'wattleGrove' | 'redCentre' | 'capitalHill' | 'hinterland',
    { id: number; name: string }
  >;
  let riverbendCycle: number;
  beforeAll(async () => {
    const { sql } = stack;
    manager = await createUser(sql, { firstName: 'Sarah', lastName: 'Mitchell' });
    admin = await createUser(sql, { isAdmin: true });
    newcomer = await createUser(sql);
    const qam = await createUser(sql, { isQam: true, firstName: 'Helen', lastName: 'Murray' });
    const harbour = await createNetwork(sql, 'Harbour & Coast Health Partners');
    const sunrise = await createNetwork(sql, 'Sunrise Medical Group');
    const practice = (
      name: string,
      status: 'IN_PROGRESS' | 'ACCREDITED',
      address: { suburb: string; state: string; postcode: string },
      network?: { id: number },
    ) => createPracticeWith(sql, { name, status, address, network, managers: [manager] });

    // Cycle open, self assessment done (due 40 days ago), survey visit due in 75 days.
    p.riverbend = await practice(
      'Riverbend Medical Centre',
      'IN_PROGRESS',
      { suburb: 'West End', state: 'QLD', postcode: '4101' },
      harbour,
    );
    riverbendCycle = await createAccreditation(sql, p.riverbend.id, {
      qam,
      selfAssessmentDueIn: -40,
      surveyVisitDueIn: 75,
      expiresIn: 400,
    });
    // Accredited, expires in 150 days, renewal due.
    p.southernCross = await practice(
      'Southern Cross General Practice',
      'ACCREDITED',
      { suburb: 'Carlton', state: 'VIC', postcode: '3053' },
      harbour,
    );
    await createAccreditation(sql, p.southernCross.id, { status: 'CLOSED', qam, expiresIn: 150 });
    await createReapplication(sql, p.southernCross.id, { status: 'DUE' });
    // Accredited, expires in 80 days, renewal awaiting payment.
    p.bayview = await practice(
      'Bayview Health Clinic',
      'ACCREDITED',
      { suburb: 'Fremantle', state: 'WA', postcode: '6160' },
      sunrise,
    );
    await createAccreditation(sql, p.bayview.id, { status: 'CLOSED', qam, expiresIn: 80 });
    await createReapplication(sql, p.bayview.id, { status: 'PAYMENT_PENDING', dueIn: 10 });
    // Open cycles that expire within the year.
    p.wattleGrove = await practice('Wattle Grove Medical Practice', 'IN_PROGRESS', {
      suburb: 'Norwood',
      state: 'SA',
      postcode: '5067',
    });
    await createAccreditation(sql, p.wattleGrove.id, { qam, expiresIn: 250 });
    p.redCentre = await practice('Red Centre Community Clinic', 'IN_PROGRESS', {
      suburb: 'Alice Springs',
      state: 'NT',
      postcode: '0870',
    });
    await createAccreditation(sql, p.redCentre.id, { qam, expiresIn: 330 });
    // Certified for three years.
    p.capitalHill = await practice(
      'Capital Hill Medical Centre',
      'ACCREDITED',
      { suburb: 'Kingston', state: 'ACT', postcode: '2604' },
      sunrise,
    );
    await createAccreditation(sql, p.capitalHill.id, { status: 'CLOSED', qam, expiresIn: 1065 });
    // Expired 20 days ago, extended for 100 more days.
    p.hinterland = await practice(
      'Hinterland Family Doctors',
      'ACCREDITED',
      { suburb: 'Mudgeeraba', state: 'QLD', postcode: '4213' },
      harbour,
    );
    await createAccreditation(sql, p.hinterland.id, {
      status: 'CLOSED',
      qam,
      expiresIn: -20,
      extendedTo: 100,
    });

    // Twenty-three more practices, visible to the provider admin only: the admin's list has 30, two pages.
    await sql.query(`
      with orgs as (
        insert into organisations (name) select 'Paging Test Practice ' || lpad(n::text, 2, '0') from generate_series(1, 23) n
        returning id
      )
      insert into practices (organisation_id, status) select id, 'APPLICATION' from orgs`);
  }, 60_000);

  const open = (path: string, as: SignIn) => openPracticeList(stack, path, as);

  it("lists the manager's practices with the spec's columns, badges and due buttons", async () => {
    await open('/Practice/List', manager);
    await waitFor(() => expect(listedIds()).toEqual(ids(...Object.values(p))), { timeout: 10_000 });
    for (const column of [
      'Practice',
      'Suburb',
      'State',
      'Expiry',
      'QAM',
      'Network',
      'Cycle',
      'SA Due',
      'SV Scheduled',
      'SV Booked',
    ]) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${column}`) })).toBeTruthy();
    }
    const riverbend = within(rowOf(p.riverbend.id));
    expect(riverbend.getByText('Riverbend Medical Centre')).toBeTruthy();
    expect(riverbend.getByText('West End')).toBeTruthy();
    expect(riverbend.getByText('Helen Murray')).toBeTruthy();
    expect(riverbend.getByText('In progress')).toBeTruthy();
    expect(riverbend.getAllByText(/^\d{2}\/\d{2}\/\d{4}$/)).toHaveLength(2); // expiry and SA due
    expect(riverbend.getByText(/^[A-Z][a-z]{2} \d{4}$/)).toBeTruthy();
    const renewal = within(rowOf(p.southernCross.id)).getByRole('link', { name: 'Renewal Due' });
    expect(renewal.getAttribute('href')).toBe(`/Practice/Reapplication/${p.southernCross.id}`);
    expect(within(rowOf(p.bayview.id)).getByRole('button', { name: 'Renewal Payment Due' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Practice' }).getAttribute('href')).toBe('/Practice/Add');
  });

  it('counts only a confirmed (FINAL) visit as SV Booked, in the list and the CSV rows', async () => {
    // Riverbend has no dated visit; it gets a DRAFT one with a date, and an older FINAL one.
    // At most one open visit of a type per cycle (decisions/survey-planning.md): each open one its own.
    const types = {
      DRAFT: 'ACCREDITATION',
      PLANNING: 'SURVEILLANCE',
      PREFERRED_DAYS_REQ: 'RELOCATION',
      FINAL: 'GAP',
    } as const;
    const insert = (status: keyof typeof types, inDays: number) =>
      createSurveyVisit(stack.sql, riverbendCycle, {
        status,
        type: types[status],
        dateIn: inDays,
        dueIn: inDays,
      });
    const visits = [await insert('DRAFT', 30)];
    try {
      const booked = async () => {
        const result = await gqlAs<{ practices: PracticeListRow[] }>(
          stack,
          manager,
          `query { practices(where: {organisation_id: {_eq: ${p.riverbend.id}}}) { ${PRACTICE_LIST_ROW_FIELDS} } }`,
        );
        return practiceListCells(result.data!.practices[0]!)[9];
      };
      await open('/Practice/List', manager);
      await waitFor(() => expect(listedIds()).toContain(p.riverbend.id), { timeout: 10_000 });
      const cells = () => within(rowOf(p.riverbend.id)).getAllByRole('cell');
      expect(cells()[9]?.textContent).toBe('');
      expect(await booked()).toBe('');
      for (const status of ['PLANNING', 'PREFERRED_DAYS_REQ'] as const) visits.push(await insert(status, 20));
      const final = await insert('FINAL', 10);
      visits.push(final);
      const { rows } = await stack.sql.query<{ date: string }>(
        'select date::text as date from survey_visits where id = $1',
        [final],
      );
      const finalDate = formatDisplayDate(rows[0]!.date);
      cleanup();
      await open('/Practice/List', manager);
      await waitFor(() => expect(cells()[9]?.textContent).toBe(finalDate), { timeout: 10_000 });
      expect(await booked()).toBe(finalDate);
    } finally {
      await stack.sql.query('delete from survey_visits where id = any($1)', [visits]);
    }
  });

  it('puts the filter flags in the URL and reads them back from it', async () => {
    const view = await open('/Practice/List', manager);
    await waitFor(() => expect(listedIds()).toHaveLength(7), { timeout: 10_000 });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Renewal due' }));
    expect(new URLSearchParams(view.search()).get('renewalDue')).toBe('true');
    const renewals = ids(p.southernCross, p.bayview);
    await waitFor(() => expect(listedIds()).toEqual(renewals), { timeout: 10_000 });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Less than 12m to expire' }));
    expect(view.search()).toBe('?renewalDue=true&lessExpire=true');
    await waitFor(() => expect(listedIds()).toEqual(renewals), { timeout: 10_000 });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Renewal due' }));
    expect(view.search()).toBe('?lessExpire=true');
    await waitFor(
      () =>
        expect(listedIds()).toEqual(
          ids(p.southernCross, p.bayview, p.wattleGrove, p.redCentre, p.hinterland),
        ),
      { timeout: 10_000 },
    );

    cleanup();
    await open('/Practice/List?cycleOpen=true&state=QLD', manager);
    expect((screen.getByRole('checkbox', { name: 'Cycle open' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Renewal due' }) as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(listedIds()).toEqual([p.riverbend.id]), { timeout: 10_000 });
  });

  it('searches 600 ms after the last key press', async () => {
    const view = await open('/Practice/List', manager);
    await waitFor(() => expect(listedIds()).toHaveLength(7), { timeout: 10_000 });
    const box = screen.getByRole('textbox', { name: 'Search all practices' });
    fireEvent.change(box, { target: { value: 'bay' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(view.search()).toBe('');
    expect(listedIds()).toHaveLength(7);
    await waitFor(() => expect(view.search()).toBe('?search=bay'), { timeout: 2000 });
    await waitFor(() => expect(listedIds()).toEqual([p.bayview.id]), { timeout: 10_000 });
  });

  it('filters by state and network from the column headers; networks are the distinct names', async () => {
    const view = await open('/Practice/List', manager);
    await waitFor(() => expect(listedIds()).toHaveLength(7), { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Filter by network' }));
    // Mantine's dropdown transition never ends in jsdom, so its items count as hidden.
    const menu = await screen.findByRole('menu', { hidden: true });
    const names = within(menu)
      .getAllByRole('menuitem', { hidden: true })
      .map((item) => item.textContent);
    expect(names).toEqual(['All networks', 'Harbour & Coast Health Partners', 'Sunrise Medical Group']);
    await userEvent.click(
      within(menu).getByRole('menuitem', { name: 'Sunrise Medical Group', hidden: true }),
    );
    expect(new URLSearchParams(view.search()).get('network')).toBe('Sunrise Medical Group');
    await waitFor(() => expect(listedIds()).toEqual(ids(p.bayview, p.capitalHill)), { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Filter by state' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /^WA/, hidden: true }));
    await waitFor(() => expect(listedIds()).toEqual([p.bayview.id]), { timeout: 10_000 });
    expect(view.search()).toBe('?state=WA&network=Sunrise+Medical+Group');
  });

  it('shows the two empty messages', async () => {
    await open('/Practice/List?search=no-such-practice', manager);
    expect(
      await screen.findByText('No practices found for the search criteria', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    cleanup();
    await open('/Practice/List', newcomer);
    expect(await screen.findByText('No practices found', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('pages by 25 through the URL', async () => {
    const view = await open('/Practice/List', admin);
    await waitFor(() => expect(listedIds()).toHaveLength(25), { timeout: 10_000 });
    expect(screen.getByTestId('practice-list-range').textContent).toBe('Showing 1–25 of 30');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(view.search()).toBe('?page=2');
    await waitFor(() => expect(listedIds()).toHaveLength(5), { timeout: 10_000 });
    expect(screen.getByTestId('practice-list-range').textContent).toBe('Showing 26–30 of 30');
    // Changing the criteria goes back to the first page.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cycle open' }));
    expect(view.search()).toBe('?cycleOpen=true');
  });
});
