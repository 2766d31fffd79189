import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AUSTRALIAN_STATES,
  formatDisplayDate,
  formatMonthShort,
  PRACTICE_LIST_ORDER_BY,
  PRACTICE_LIST_ROW_FIELDS,
  type PracticeListRow,
  portalToday,
  practiceListCells,
  practiceListWhere,
} from '@portal/domain';
import {
  addPracticeRole,
  createAccreditation,
  createAddress,
  createAssessment,
  createManagedPractice,
  createNetwork,
  createPractice,
  createReapplication,
  createSurveyVisit,
  createUser,
  dayFromToday as day,
  type Row,
  type TestUser,
} from '@portal/testkit/factories';
import { testEnv } from '@portal/testkit/test-app';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/load-config.ts';
import { csvField, csvLine } from '../../lib/csv.ts';

/** A minimal RFC 4180 reader for checking what we wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

describe('csv helpers', () => {
  it('quote commas, quotes and line breaks, and defuse formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, "b"')).toBe('"a, ""b"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-5')).toBe("'-5");
    expect(csvLine(['a', 'b'])).toBe('a,b\r\n');
  });
});

describe('GET /api/practices/csv', () => {
  let stack: TestStack;
  let app: FastifyInstance;
  const today = portalToday();
  /** `pm` manages seven practices, each in another state of its cycle; `manager` one, its self assessment due. */
  let pm: TestUser;
  let manager: TestUser;
  /** Helen Murray, the QAM of every cycle. */
  let qam: TestUser;
  /** Hinterland's cycle: expired 20 days ago, extended to 100 days from now. */
  let hinterlandCycle: number;
  const networks = { coast: 'Coastal Health Partners', daybreak: 'Daybreak Medical Group' };

  /** A practice of `pm` with its address, network and current cycle (QAM Helen Murray). */
  async function practiceOfPm(
    name: string,
    place: { suburb: string; state: string },
    options: { status: string; network?: number; cycle: Row },
  ) {
    const address = await createAddress(stack.sql, place);
    const practice = await createPractice(stack.sql, {
      name,
      organisation: { physical_address_id: address.id },
      practice: {
        status: options.status,
        network_id: options.network ?? null,
        is_in_practice_network: options.network !== undefined,
      },
    });
    await addPracticeRole(stack.sql, practice.id, pm.id, 'PM');
    const cycle = await createAccreditation(stack.sql, practice.id, { qam_id: qam.id, ...options.cycle });
    return { practiceId: practice.id, cycleId: cycle.id };
  }

  async function makePortfolio() {
    pm = await createUser(stack.sql);
    qam = await createUser(stack.sql, { isQam: true, firstName: 'Helen', lastName: 'Murray' });
    const coast = (await createNetwork(stack.sql, { name: networks.coast })).id;
    const daybreak = (await createNetwork(stack.sql, { name: networks.daybreak })).id;
    const closed = (expiry: number, ext: number | null = null) => ({
      status: 'CLOSED',
      expiry_date: day(expiry),
      ext_date: ext === null ? null : day(ext),
    });
    const open = (selfAssessmentDue: number, surveyVisitDue: number, expiry: number) => ({
      status: 'OPEN',
      self_assessment_due: day(selfAssessmentDue),
      survey_visit_due: day(surveyVisitDue),
      expiry_date: day(expiry),
    });
    const selfAssessmentDone = (cycleId: number) =>
      createAssessment(stack.sql, cycleId, { type: 'PRESURVEY', status: 'COMPLETED' });
    /** Self assessment done, then a FINAL visit on `date` (days from today) assessed to `status`. */
    const surveyed = async (cycleId: number, visit: { date: number; due: number }, status: string) => {
      await selfAssessmentDone(cycleId);
      const { id } = await createSurveyVisit(stack.sql, cycleId, {
        status: 'FINAL',
        date: day(visit.date),
        due: day(visit.due),
      });
      await createAssessment(stack.sql, cycleId, { type: 'SURVEY_VISIT', survey_visit_id: id, status });
    };

    // Accredited, expires in 80 days, renewal awaiting payment.
    const bayview = await practiceOfPm(
      'Bayview Health Clinic',
      { suburb: 'Fremantle', state: 'WA' },
      { status: 'ACCREDITED', network: daybreak, cycle: closed(80) },
    );
    await createReapplication(stack.sql, bayview.practiceId, { status: 'PAYMENT_PENDING' });
    // Expired 20 days ago but extended for 100 more days; a surveillance visit still a draft.
    const hinterland = await practiceOfPm(
      'Hinterland Family Doctors',
      { suburb: 'Mudgeeraba', state: 'QLD' },
      { status: 'ACCREDITED', network: coast, cycle: closed(-20, 100) },
    );
    hinterlandCycle = hinterland.cycleId;
    await createSurveyVisit(stack.sql, hinterlandCycle, {
      type: 'SURVEILLANCE',
      status: 'DRAFT',
      due: day(40),
    });
    // Accredited, expires in 150 days, renewal due.
    const southernCross = await practiceOfPm(
      'Southern Cross General Practice',
      { suburb: 'Carlton', state: 'VIC' },
      { status: 'ACCREDITED', network: coast, cycle: closed(150) },
    );
    await createReapplication(stack.sql, southernCross.practiceId, { status: 'DUE' });
    // Open renewal cycle: its final visit took place 12 days ago, the assessment is under review.
    const wattleGrove = await practiceOfPm(
      'Wattle Grove Medical Practice',
      { suburb: 'Norwood', state: 'SA' },
      { status: 'IN_PROGRESS', cycle: open(-90, -10, 250) },
    );
    await surveyed(wattleGrove.cycleId, { date: -12, due: -10 }, 'UNDER_REVIEW');
    // Open cycle, its survey assessment in action required.
    const redCentre = await practiceOfPm(
      'Red Centre Community Clinic',
      { suburb: 'Alice Springs', state: 'NT' },
      { status: 'IN_PROGRESS', cycle: open(-110, -40, 330) },
    );
    await surveyed(redCentre.cycleId, { date: -40, due: -40 }, 'ACTION_REQUIRED');
    // Open cycle, self assessment done, surveyors asked for their preferred days.
    const riverbend = await practiceOfPm(
      'Riverbend Medical Centre',
      { suburb: 'West End', state: 'QLD' },
      { status: 'IN_PROGRESS', network: coast, cycle: open(-40, 75, 400) },
    );
    await selfAssessmentDone(riverbend.cycleId);
    await createSurveyVisit(stack.sql, riverbend.cycleId, { status: 'PREFERRED_DAYS_REQ', due: day(75) });
    // Certified 30 days ago for three years.
    await practiceOfPm(
      'Capital Hill Medical Centre',
      { suburb: 'Kingston', state: 'ACT' },
      { status: 'ACCREDITED', network: daybreak, cycle: closed(3 * 365 - 30) },
    );

    // `manager`'s one practice: a first cycle open, its self assessment due in 45 days.
    const harbourside = await createManagedPractice(stack.sql, {
      name: 'Harbourside Family Medical',
      practice: { status: 'IN_PROGRESS' },
    });
    manager = harbourside.pm;
    const harboursideCycle = await createAccreditation(stack.sql, harbourside.id, {
      qam_id: qam.id,
      status: 'OPEN',
      self_assessment_due: day(45),
      survey_visit_due: day(150),
    });
    await createAssessment(stack.sql, harboursideCycle.id, { type: 'PRESURVEY' });
  }

  const csv = async (user: TestUser | null, query = '', headers: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url: `/api/practices/csv${query}`,
      headers: user
        ? { authorization: `Bearer ${await stack.tokenFor(user.email, user.password)}`, ...headers }
        : headers,
    });
  /** The list as the web asks for it, through the engine as the user. */
  const listOf = async (user: TestUser, filters: Parameters<typeof practiceListWhere>[0]) => {
    const result = await stack.gql<{ practices: PracticeListRow[] }>(
      user,
      `query L($where: practices_bool_exp!, $orderBy: [practices_order_by!]) {
         practices(where: $where, order_by: $orderBy) { ${PRACTICE_LIST_ROW_FIELDS} } }`,
      { where: practiceListWhere(filters, today), orderBy: PRACTICE_LIST_ORDER_BY },
    );
    expect(result.errors).toBeUndefined();
    return result.data!.practices;
  };

  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated' });
    await makePortfolio();
    // The actions service as the stack runs it: reads go to the engine of this test stack.
    app = await buildApp(loadConfig(testEnv(stack.database.url, { HASURA_GRAPHQL_URL: stack.graphqlUrl })));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await stack?.close();
  });

  it('is exactly the list the user sees, in list order, with a header and a dated file name', async () => {
    const response = await csv(pm);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="practices-${today}.csv"`);
    expect(
      response.body.startsWith(
        '\uFEFFPractice,Suburb,State,Expiry,QAM,Network,Cycle,SA Due,SV Scheduled,SV Booked\r\n',
      ),
    ).toBe(true);
    const rows = parseCsv(response.body.slice(1));
    const expected = (await listOf(pm, { search: '', filters: [], state: null, network: null })).map(
      practiceListCells,
    );
    expect(rows.slice(1)).toEqual(expected);
    // pm's seven practices, soonest expiry shown first: Hinterland expired 20 days ago but is
    // extended to 100 days from now, so it comes after Bayview (80 days) and before Southern Cross
    // (150 days).
    expect(rows.slice(1).map((r) => r[0])).toEqual([
      'Bayview Health Clinic',
      'Hinterland Family Doctors',
      'Southern Cross General Practice',
      'Wattle Grove Medical Practice',
      'Red Centre Community Clinic',
      'Riverbend Medical Centre',
      'Capital Hill Medical Centre',
    ]);
  });

  it('shows the cells of the table: an extension as the expiry, dues of an open cycle, the booked visit', async () => {
    const rows = parseCsv((await csv(pm)).body.slice(1));
    const shown = (offset: number) => formatDisplayDate(day(offset));
    const month = (offset: number) => formatMonthShort(day(offset));
    const byName = new Map(rows.map((r) => [r[0], r]));
    // Hinterland: expired 20 days ago, extended to 100 days from now; a closed cycle.
    expect(byName.get('Hinterland Family Doctors')!.slice(3)).toEqual([
      shown(100),
      'Helen Murray',
      networks.coast,
      'Accredited',
      '',
      '',
      '',
    ]);
    // Riverbend: open cycle, self assessment due 40 days ago, visit due in 75 days, none booked.
    expect(byName.get('Riverbend Medical Centre')!.slice(7, 10)).toEqual([shown(-40), month(75), '']);
    // Wattle Grove: its final visit took place 12 days ago.
    expect(byName.get('Wattle Grove Medical Practice')![9]).toBe(shown(-12));
  });

  it('orders by the expiry it shows: an extension moves a practice to its extended date', async () => {
    const order = async () =>
      (await listOf(pm, { search: '', filters: [], state: null, network: null })).map(
        (row) => row.organisation?.name,
      );
    const expiryColumn = async () =>
      (await listOf(pm, { search: '', filters: [], state: null, network: null })).map(
        (row) => practiceListCells(row)[3],
      );
    const wire = (shown = '') => shown.split('/').reverse().join('-');
    // The Expiry column reads in ascending order, whatever mix of expiries and extensions.
    const shown = (await expiryColumn()).map(wire);
    expect(shown).toEqual([...shown].sort());
    expect((await order()).slice(0, 3)).toEqual([
      'Bayview Health Clinic',
      'Hinterland Family Doctors',
      'Southern Cross General Practice',
    ]);
    // The generated column follows the extension when the back office changes it.
    try {
      const moved = await stack.gql<{ update_accreditations_by_pk: { effective_expiry_date: string } }>(
        'admin',
        `mutation ($id: Int!) { update_accreditations_by_pk(pk_columns: {id: $id}, _set: {ext_date: "${day(200)}"}) {
           effective_expiry_date } }`,
        { id: hinterlandCycle },
      );
      expect(moved.errors).toBeUndefined();
      expect(moved.data?.update_accreditations_by_pk.effective_expiry_date).toBe(day(200));
      // 200 days: after Southern Cross (150), before Wattle Grove (250).
      expect((await order()).slice(1, 4)).toEqual([
        'Southern Cross General Practice',
        'Hinterland Family Doctors',
        'Wattle Grove Medical Practice',
      ]);
      const cleared = await stack.gql(
        'admin',
        'mutation ($id: Int!) { update_accreditations_by_pk(pk_columns: {id: $id}, _set: {ext_date: null}) { effective_expiry_date } }',
        { id: hinterlandCycle },
      );
      expect(cleared.data).toEqual({ update_accreditations_by_pk: { effective_expiry_date: day(-20) } });
      // Without the extension it shows, and sorts by, the expiry 20 days ago: first.
      expect((await order())[0]).toBe('Hinterland Family Doctors');
    } finally {
      await stack.sql.query('update accreditations set ext_date = $1 where id = $2', [
        day(100),
        hinterlandCycle,
      ]);
    }
  });

  it('applies the same search and filters as the list URL', async () => {
    const renewal = parseCsv((await csv(pm, '?renewalDue=true')).body.slice(1)).slice(1);
    expect(renewal.map((r) => r[0])).toEqual(['Bayview Health Clinic', 'Southern Cross General Practice']);
    const search = parseCsv((await csv(pm, '?search=WEST%20end&state=QLD')).body.slice(1)).slice(1);
    expect(search.map((r) => r[0])).toEqual(['Riverbend Medical Centre']);
    const none = parseCsv((await csv(manager, '?renewalDue=true')).body.slice(1));
    expect(none).toHaveLength(1);
  });

  it('each list filter works through the engine for a practice manager', async () => {
    const names = async (user: TestUser, query: string) =>
      parseCsv((await csv(user, query)).body.slice(1))
        .slice(1)
        .map((r) => r[0])
        .sort();
    expect(await names(pm, '?cycleOpen=true')).toEqual([
      'Red Centre Community Clinic',
      'Riverbend Medical Centre',
      'Wattle Grove Medical Practice',
    ]);
    expect(await names(pm, '?actionRequired=true')).toEqual(['Red Centre Community Clinic']);
    expect(await names(pm, '?selfAssessmentDue=true')).toEqual([]);
    expect(await names(manager, '?selfAssessmentDue=true')).toEqual(['Harbourside Family Medical']);
    expect(await names(pm, '?preferenceDaysDue=true')).toEqual(['Riverbend Medical Centre']);
    expect(await names(pm, '?lessExpire=true')).toEqual([
      'Bayview Health Clinic',
      'Hinterland Family Doctors',
      'Red Centre Community Clinic',
      'Southern Cross General Practice',
      'Wattle Grove Medical Practice',
    ]);
    expect(
      await names(pm, `?lessExpire=true&renewalDue=true&network=${encodeURIComponent(networks.daybreak)}`),
    ).toEqual(['Bayview Health Clinic']);
  });

  it('refuses filters the list screen would not send with a clear 400, and asks the engine nothing', async () => {
    // The actions service as the stack runs it, its engine reached through a counter of requests.
    let engineRequests = 0;
    const counter = createServer(async (request, response) => {
      engineRequests++;
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const answer = await fetch(stack.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: request.headers.authorization ?? '' },
        body: Buffer.concat(chunks),
      });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(await answer.text());
    });
    await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
    const counted = await buildApp(
      loadConfig(
        testEnv(stack.database.url, {
          HASURA_GRAPHQL_URL: `http://127.0.0.1:${(counter.address() as AddressInfo).port}/v1/graphql`,
        }),
      ),
    );
    try {
      const get = async (query: string) =>
        counted.inject({
          method: 'GET',
          url: `/api/practices/csv${query}`,
          headers: { authorization: `Bearer ${await stack.tokenFor(pm.email, pm.password)}` },
        });
      const cases: [string, string, string][] = [
        [`?state=${encodeURIComponent("';--")}`, 'state', 'Choose a state from the list.'],
        ['?state=nsw', 'state', 'Choose a state from the list.'],
        ['?state=NSW&state=VIC', 'state', 'Choose a state from the list.'],
        ['?renewalDue=yes', 'renewalDue', "A filter is set with the value 'true', or left out."],
        ['?page=0', 'page', 'The page is a whole number from 1.'],
        [`?search=${'a'.repeat(201)}`, 'search', 'The search can be at most 200 characters.'],
        [`?network=${'n'.repeat(201)}`, 'network', 'The network can be at most 200 characters.'],
        ['?today=2026-02-30', 'today', 'Enter a date as YYYY-MM-DD.'],
      ];
      for (const [query, field, message] of cases) {
        const response = await get(query);
        expect([query, response.statusCode]).toEqual([query, 400]);
        expect(response.json()).toEqual({
          code: 'invalid_input',
          message: `The filter '${field}' is not valid: ${message}`,
          fields: { [field]: message },
        });
      }
      expect(engineRequests).toBe(0);
      // Every state of the database's list is a filter (the domain's list is the same), and works.
      const states = await stack.sql.query<{ value: string }>(
        'select value from australian_state order by value',
      );
      expect(states.rows.map((row) => row.value)).toEqual([...AUSTRALIAN_STATES]);
      for (const state of AUSTRALIAN_STATES) expect((await get(`?state=${state}`)).statusCode).toBe(200);
      expect(engineRequests).toBe(AUSTRALIAN_STATES.length);
    } finally {
      await counted.close();
      counter.closeAllConnections();
      counter.close();
    }
  });

  it('needs a signed-in user', async () => {
    expect((await csv(null)).statusCode).toBe(401);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/practices/csv',
      headers: { authorization: 'Bearer x.y.z' },
    });
    expect(bad.statusCode).toBe(401);
  });

  it('streams 20,000 practices, escaped, as a QAM sees them', { timeout: 60_000 }, async () => {
    await stack.sql.query(`
      with orgs as (
        insert into organisations (name)
        select case when g % 1000 = 0 then format('=Clinic, "No. %s"', g) else format('Scale Practice %s', g) end
          from generate_series(1, 20000) g
        returning id)
      insert into practices (organisation_id, status) select id, 'IN_PROGRESS' from orgs`);
    const { rows } = await stack.sql.query(
      "select count(*)::int as n from practices where active_status = 'ACTIVE'",
    );
    const total = rows[0].n as number;
    expect(total).toBeGreaterThan(20_000);

    // Over HTTP, to see that the answer is streamed rather than built whole.
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address() as { port: number };
    const started = Date.now();
    const response = await fetch(`http://127.0.0.1:${address.port}/api/practices/csv`, {
      headers: { authorization: `Bearer ${await stack.tokenFor(qam.email, qam.password)}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const body = await response.text();
    const parsed = parseCsv(body.slice(1));
    expect(parsed).toHaveLength(total + 1);
    expect(new Set(parsed.slice(1).map((r) => r[0])).size).toBe(total);
    expect(parsed.every((r) => r.length === 10)).toBe(true);
    expect(parsed.some((r) => r[0] === `'=Clinic, "No. 5000"`)).toBe(true);
    // Practices without a cycle come after those with one (expiry ascending, nulls last).
    expect(parsed[1]![3]).not.toBe('');
    expect(parsed.at(-1)![3]).toBe('');
    expect(Date.now() - started).toBeLessThan(45_000);
  });
});
