import { PRACTICE_LIST_PATH } from '@portal/domain';
import type pg from 'pg';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ACTION_TIMEOUT_MS } from './browser.ts';
import {
  createAccreditation,
  createNetwork,
  createPractice,
  createPracticeManager,
  createReapplication,
  createSurveyVisit,
  createUser,
  unique,
} from './factories.ts';

/** The practice list's route (spec 000 §2). */
export const LIST = PRACTICE_LIST_PATH;
export const POLL = { timeout: ACTION_TIMEOUT_MS, interval: 100 };

/**
 * A practice manager of seven practices, one of every kind the list journeys need, each in its
 * own state and with its own current cycle (their QAM is a QAM made here too):
 *
 * | key          | state (suburb)        | network | cycle                         | renewal         |
 * | ------------ | --------------------- | ------- | ----------------------------- | --------------- |
 * | riverstone   | QLD (West End)        | harbour | open, expires in 400 days     |                 |
 * | crossways    | VIC (Carlton)         | harbour | closed, expires in 150 days   | DUE             |
 * | seaview      | WA (Fremantle)        | sunrise | closed, expires in 80 days    | PAYMENT_PENDING |
 * | acacia       | SA (Norwood)          |         | open, expires in 250 days     |                 |
 * | redRock      | NT (Alice Springs)    |         | open, expires in 330 days     |                 |
 * | parliament   | ACT (Kingston)        | sunrise | closed, certified for 3 years |                 |
 * | highland     | QLD (Mudgeeraba)      | harbour | expired 20 days ago, extended by 100 days |     |
 *
 * Only crossways has 'cross' in its name, suburb, postcode or network. The networks' names end in
 * a tag of their own (a network's name is unique), the practices' names are the same every time:
 * only their manager sees them.
 */
export async function createPracticePortfolio(sql: pg.Pool) {
  const tag = unique();
  const harbour = await createNetwork(sql, `Harbour & Coast Health Partners ${tag}`);
  const sunrise = await createNetwork(sql, `Sunrise Medical Group ${tag}`);
  const qam = await createUser(sql, { isQam: true, firstName: 'Helen', lastName: 'Murray' });
  const practice = async (
    name: string,
    place: { suburb: string; state: string; postcode: string },
    networkId: number | null,
    status = 'IN_PROGRESS',
  ) => createPractice(sql, { name, ...place, networkId, status });
  const practices = {
    riverstone: await practice(
      'Riverstone Medical Centre',
      { suburb: 'West End', state: 'QLD', postcode: '4101' },
      harbour.id,
    ),
    crossways: await practice(
      'Crossways General Practice',
      { suburb: 'Carlton', state: 'VIC', postcode: '3053' },
      harbour.id,
      'ACCREDITED',
    ),
    seaview: await practice(
      'Seaview Health Clinic',
      { suburb: 'Fremantle', state: 'WA', postcode: '6160' },
      sunrise.id,
      'ACCREDITED',
    ),
    acacia: await practice(
      'Acacia Grove Medical Practice',
      { suburb: 'Norwood', state: 'SA', postcode: '5067' },
      null,
    ),
    redRock: await practice(
      'Red Rock Community Clinic',
      { suburb: 'Alice Springs', state: 'NT', postcode: '0870' },
      null,
    ),
    parliament: await practice(
      'Parliament Hill Medical Centre',
      { suburb: 'Kingston', state: 'ACT', postcode: '2604' },
      sunrise.id,
      'ACCREDITED',
    ),
    highland: await practice(
      'Highland Family Doctors',
      { suburb: 'Mudgeeraba', state: 'QLD', postcode: '4213' },
      harbour.id,
      'ACCREDITED',
    ),
  };
  const qamId = qam.id;
  const open = { status: 'OPEN', qamId, selfAssessmentDueIn: 45, surveyVisitDueIn: 150 } as const;
  await createAccreditation(sql, practices.riverstone.id, { ...open, expiresIn: 400 });
  const crossways = await createAccreditation(sql, practices.crossways.id, {
    status: 'CLOSED',
    qamId,
    expiresIn: 150,
  });
  await createReapplication(sql, practices.crossways.id, { accreditationId: crossways.id, dueIn: 30 });
  const seaview = await createAccreditation(sql, practices.seaview.id, {
    status: 'CLOSED',
    qamId,
    expiresIn: 80,
  });
  await createReapplication(sql, practices.seaview.id, {
    accreditationId: seaview.id,
    status: 'PAYMENT_PENDING',
    dueIn: 10,
  });
  await createAccreditation(sql, practices.acacia.id, { ...open, expiresIn: 250 });
  await createAccreditation(sql, practices.redRock.id, { ...open, expiresIn: 330 });
  const parliament = await createAccreditation(sql, practices.parliament.id, {
    status: 'CLOSED',
    qamId,
    expiresIn: 3 * 365 - 30,
  });
  await createSurveyVisit(sql, parliament.id, { status: 'FINAL', dateIn: -75, dueIn: -75 });
  await createAccreditation(sql, practices.highland.id, {
    status: 'CLOSED',
    qamId,
    expiresIn: -20,
    extendedTo: 100,
  });
  const manager = await createPracticeManager(sql, Object.values(practices), {
    firstName: 'Sarah',
    lastName: 'Mitchell',
  });
  return {
    manager,
    practices,
    /** Every practice's name. */
    names: Object.values(practices).map((p) => p.name),
    networks: { harbour: harbour.name, sunrise: sunrise.name },
  };
}

/** What the page-side callbacks read of an element (this package has no DOM typings). */
export interface DomNode {
  innerText: string;
  textContent: string | null;
  querySelector(selector: string): DomNode | null;
  querySelectorAll(selector: string): ArrayLike<DomNode>;
}

/** The visible rows of the practice table, each as its cells' text (empty while loading). */
export async function tableRows(page: Page): Promise<string[][]> {
  return page
    .getByRole('table')
    .locator('tbody tr')
    .evaluateAll((rows) =>
      (rows as unknown as DomNode[]).map((row) =>
        Array.from(row.querySelectorAll('td'), (cell) => cell.innerText.trim()),
      ),
    );
}

/** The practice names of the visible rows, in order (the link, or the text of a locked row). */
export async function practiceNames(page: Page): Promise<string[]> {
  return page
    .getByRole('table')
    .locator('tbody tr')
    .evaluateAll((rows) =>
      (rows as unknown as DomNode[])
        .map((row) => row.querySelector('td a')?.textContent?.trim() ?? '')
        .filter((name) => name !== ''),
    );
}

const sorted = (names: readonly string[]) => [...names].sort();

/** Waits until the table shows exactly these practices (in any order). */
export async function expectPractices(page: Page, names: readonly string[]) {
  await expect.poll(async () => sorted(await practiceNames(page)), POLL).toEqual(sorted(names));
}

/** A minimal CSV reader (quoted fields, doubled quotes, CRLF or LF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell !== ''));
}
