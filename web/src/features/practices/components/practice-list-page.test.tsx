// @vitest-environment jsdom
import '../../../test/setup-dom.ts';
import {
  formatDisplayDate,
  PRACTICE_LIST_ROW_FIELDS,
  type PracticeListRow,
  practiceListCells,
} from '@portal/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedIds, openPracticeList, rowOf } from '../../../test/practice-list.ts';
import { startTestStack, type TestStack } from '../../../test/stack-harness.tsx';

describe('the practice list on the real stack', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
    // Twenty more practices, visible to the provider admin only, so the admin's list has two pages.
    await stack.sql.query(`
      with orgs as (
        insert into organisations (name) select 'Paging Test Practice ' || lpad(n::text, 2, '0') from generate_series(1, 20) n
        returning id
      )
      insert into practices (organisation_id, status) select id, 'APPLICATION' from orgs`);
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  const open = (path: string, as: string, on: TestStack = stack) => openPracticeList(on, path, as);

  it("lists the manager's practices with the spec's columns, badges and due buttons", async () => {
    await open('/Practice/List', 'pm@demo.test');
    await waitFor(() => expect(listedIds()).toEqual([2, 3, 4, 5, 6, 8, 10]), { timeout: 10_000 });
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
    const riverbend = within(rowOf(2));
    expect(riverbend.getByText('Riverbend Medical Centre')).toBeTruthy();
    expect(riverbend.getByText('West End')).toBeTruthy();
    expect(riverbend.getByText('Helen Murray')).toBeTruthy();
    expect(riverbend.getByText('In progress')).toBeTruthy();
    expect(riverbend.getAllByText(/^\d{2}\/\d{2}\/\d{4}$/)).toHaveLength(2); // expiry and SA due
    expect(riverbend.getByText(/^[A-Z][a-z]{2} \d{4}$/)).toBeTruthy();
    const renewal = within(rowOf(3)).getByRole('link', { name: 'Renewal Due' });
    expect(renewal.getAttribute('href')).toBe('/Practice/Reapplication/3');
    expect(within(rowOf(4)).getByRole('button', { name: 'Renewal Payment Due' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Practice' }).getAttribute('href')).toBe('/Practice/Add');
  });

  it('counts only a confirmed (FINAL) visit as SV Booked, in the list and the CSV rows', async () => {
    // Riverbend (2) has no dated visit; it gets a DRAFT one with a date, and an older FINAL one.
    const day = (offset: number) => {
      const d = new Date();
      d.setDate(d.getDate() + offset);
      return d.toLocaleDateString('en-CA');
    };
    const insert = (status: string, date: string) =>
      stack.sql.query<{ id: number }>(
        `insert into survey_visits (accreditation_id, type, status, date, due)
         select current_accreditation_id, 'ACCREDITATION', $1, $2::date, $2::date from practices where organisation_id = 2
         returning id`,
        [status, date],
      );
    const draft = await insert('DRAFT', day(30));
    const ids = [draft.rows[0]!.id];
    try {
      const booked = async () => {
        const result = await stack.gql<{ practices: PracticeListRow[] }>(
          'pm@demo.test',
          `query { practices(where: {organisation_id: {_eq: 2}}) { ${PRACTICE_LIST_ROW_FIELDS} } }`,
        );
        return practiceListCells(result.data!.practices[0]!)[9];
      };
      await open('/Practice/List', 'pm@demo.test');
      await waitFor(() => expect(listedIds()).toContain(2), { timeout: 10_000 });
      const cells = () => within(rowOf(2)).getAllByRole('cell');
      expect(cells()[9]?.textContent).toBe('');
      expect(await booked()).toBe('');
      for (const status of ['PLANNING', 'PREFERRED_DAYS_REQ'])
        ids.push((await insert(status, day(20))).rows[0]!.id);
      ids.push((await insert('FINAL', day(10))).rows[0]!.id);
      cleanup();
      await open('/Practice/List', 'pm@demo.test');
      await waitFor(() => expect(cells()[9]?.textContent).toBe(formatDisplayDate(day(10))), {
        timeout: 10_000,
      });
      expect(await booked()).toBe(formatDisplayDate(day(10)));
    } finally {
      await stack.sql.query('delete from survey_visits where id = any($1)', [ids]);
    }
  });

  it('puts the filter flags in the URL and reads them back from it', async () => {
    const view = await open('/Practice/List', 'pm@demo.test');
    await waitFor(() => expect(listedIds()).toHaveLength(7), { timeout: 10_000 });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Renewal due' }));
    expect(new URLSearchParams(view.search()).get('renewalDue')).toBe('true');
    await waitFor(() => expect(listedIds()).toEqual([3, 4]), { timeout: 10_000 });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Less than 12m to expire' }));
    expect(view.search()).toBe('?renewalDue=true&lessExpire=true');
    await waitFor(() => expect(listedIds()).toEqual([3, 4]), { timeout: 10_000 });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Renewal due' }));
    expect(view.search()).toBe('?lessExpire=true');
    await waitFor(() => expect(listedIds()).toEqual([3, 4, 5, 6, 10]), { timeout: 10_000 });

    cleanup();
    await open('/Practice/List?cycleOpen=true&state=QLD', 'pm@demo.test');
    expect((screen.getByRole('checkbox', { name: 'Cycle open' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Renewal due' }) as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(listedIds()).toEqual([2]), { timeout: 10_000 });
  });

  it('searches 600 ms after the last key press', async () => {
    const view = await open('/Practice/List', 'pm@demo.test');
    await waitFor(() => expect(listedIds()).toHaveLength(7), { timeout: 10_000 });
    const box = screen.getByRole('textbox', { name: 'Search all practices' });
    fireEvent.change(box, { target: { value: 'bay' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(view.search()).toBe('');
    expect(listedIds()).toHaveLength(7);
    await waitFor(() => expect(view.search()).toBe('?search=bay'), { timeout: 2000 });
    await waitFor(() => expect(listedIds()).toEqual([4]), { timeout: 10_000 });
  });

  it('filters by state and network from the column headers; networks are the distinct names', async () => {
    const view = await open('/Practice/List', 'pm@demo.test');
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
    await waitFor(() => expect(listedIds()).toEqual([4, 8]), { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Filter by state' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /^WA/, hidden: true }));
    await waitFor(() => expect(listedIds()).toEqual([4]), { timeout: 10_000 });
    expect(view.search()).toBe('?state=WA&network=Sunrise+Medical+Group');
  });

  it('shows the two empty messages', async () => {
    await open('/Practice/List?search=no-such-practice', 'pm@demo.test');
    expect(
      await screen.findByText('No practices found for the search criteria', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    cleanup();
    await open('/Practice/List', 'newuser@demo.test');
    expect(await screen.findByText('No practices found', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('pages by 25 through the URL', async () => {
    const view = await open('/Practice/List', 'admin@demo.test');
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
