import {
  CONFLICT_LOOKBACK_YEARS,
  CONFLICT_SEARCH_LIMIT,
  PREFERRED_DAYS_LOCKS,
  SURVEY_OFFER_MESSAGES,
} from '@portal/domain';
import {
  addSurveyVisitor,
  createAccreditation,
  createAddress,
  createNetwork,
  createPractice,
  createSurveyVisit,
  createUser,
  dayFromToday,
  insertRow,
  type TestUser,
} from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The surveyor's side of survey planning (docs/decisions/survey-offers.md), against the real
 * engine, actions service and database: declared conflicts, answering offers, preferred days. Every
 * refusal is shown to change nothing (the rows before and after are the same).
 */

const ACCEPT = `mutation($id: Int!) { acceptSurveyOffer(visitorId: $id) { visitorId status respondedAt message } }`;
const DECLINE = `mutation($id: Int!, $reason: String!) {
  declineSurveyOffer(visitorId: $id, reason: $reason) { visitorId status respondedAt message } }`;
const DECLARE = `mutation($practiceId: Int, $networkId: Int, $reason: String!, $fromDate: String, $toDate: String) {
  declareConflict(practiceId: $practiceId, networkId: $networkId, reason: $reason, fromDate: $fromDate, toDate: $toDate) { id message } }`;
const ARCHIVE = `mutation($id: Int!) { archiveConflict(conflictId: $id) { id message } }`;
const SEARCH = `query($search: String!) { searchConflictSubjects(search: $search) { kind id name suburb } }`;
const SAVE_DAYS = `mutation($visitId: Int!, $days: [PreferredDayInput!]!) {
  savePreferredDays(visitId: $visitId, days: $days) { visitId count message } }`;

let stack: TestStack;
const gql = <T = Record<string, unknown>>(
  who: TestUser,
  query: string,
  variables?: Record<string, unknown>,
) => stack.gql<T>({ email: who.email, password: who.password }, query, variables);
const refusal = (result: { errors?: Array<{ message: string; extensions?: { code?: string } }> }) => ({
  message: result.errors?.[0]?.message,
  code: result.errors?.[0]?.extensions?.code,
});
const rows = async (text: string, values: unknown[]) => (await stack.sql.query(text, values)).rows;

/** Everything these actions write, for one visit and one surveyor: compared before and after a refusal. */
const state = async (visitId: number, userId: number) => ({
  visitors: await rows('select * from survey_visitors where survey_visit_id = $1 order by id', [visitId]),
  days: await rows('select * from preferred_days where survey_visit_id = $1 order by id', [visitId]),
  conflicts: await rows('select * from surveyor_conflicts where user_id = $1 order by id', [userId]),
});

const surveyor = () => createUser(stack.sql, { isSurveyor: true, firstName: 'Sue', lastName: 'Surveyor' });

/** A practice (in Testville unless said) with an open cycle and a visit due in `dueInDays`. */
async function visitOf(
  options: { status?: string; dueInDays?: number; networkId?: number; suburb?: string } = {},
) {
  const address = await createAddress(stack.sql, { suburb: options.suburb ?? 'Testville' });
  const practice = await createPractice(stack.sql, {
    organisation: { physical_address_id: address.id },
    practice: options.networkId ? { network_id: options.networkId, is_in_practice_network: true } : {},
  });
  const accreditation = await createAccreditation(stack.sql, practice.id);
  const visit = await createSurveyVisit(stack.sql, accreditation.id, {
    status: options.status ?? 'PREFERRED_DAYS_REQ',
    type: 'ACCREDITATION',
    due: dayFromToday(options.dueInDays ?? 40),
  });
  return { practice, visit };
}

/** A visit offered to a new surveyor: the visitor row's id. */
async function offered(
  options: Parameters<typeof visitOf>[0] = {},
  status: 'OFFERED' | 'ACCEPTED' | 'DECLINED' = 'OFFERED',
) {
  const { practice, visit } = await visitOf(options);
  const who = await surveyor();
  const visitor = await addSurveyVisitor(stack.sql, visit.id, who.id, status, { offered_at: new Date() });
  return { practice, visit, who, visitor };
}

beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

describe('survey offers', () => {
  it('lists the surveyor’s own offers with the practice’s name and suburb, nothing else of the practice', async () => {
    const { practice, visit, who, visitor } = await offered({ suburb: 'Bondi' });
    const other = await offered();
    const result = await gql<{
      survey_visitors: Array<{
        id: number;
        practice_name: string;
        practice_suburb: string;
        survey_visit: { id: number };
      }>;
      practices: unknown[];
    }>(
      who,
      `{ survey_visitors(where: {user_id: {_eq: ${who.id}}}) { id practice_name practice_suburb survey_visit { id status type due } }
         practices { organisation_id } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.survey_visitors).toEqual([
      {
        id: visitor.id,
        practice_name: practice.name,
        practice_suburb: 'Bondi',
        survey_visit: expect.objectContaining({ id: visit.id }),
      },
    ]);
    // Another surveyor's offer stays invisible, and so does the practice itself.
    const theirs = await gql<{ survey_visitors: unknown[] }>(
      who,
      `{ survey_visitors(where: {id: {_eq: ${other.visitor.id}}}) { id practice_name } }`,
    );
    expect(theirs.data!.survey_visitors).toEqual([]);
    expect(result.data!.practices).toEqual([]);
  });

  it('accepts one’s own offer, stamping responded_at', async () => {
    const { who, visitor } = await offered();
    const result = await gql<{ acceptSurveyOffer: { status: string; message: string } }>(who, ACCEPT, {
      id: visitor.id,
    });
    expect(result.errors).toBeUndefined();
    expect(result.data!.acceptSurveyOffer).toMatchObject({
      status: 'ACCEPTED',
      message: SURVEY_OFFER_MESSAGES.accepted,
    });
    const [row] = await rows(
      'select status, responded_at, decline_reason from survey_visitors where id = $1',
      [visitor.id],
    );
    expect(row.status).toBe('ACCEPTED');
    expect(row.responded_at).toBeInstanceOf(Date);
    expect(row.decline_reason).toBeNull();
  });

  it('declines one’s own offer with its reason', async () => {
    const { who, visitor } = await offered();
    const result = await gql<{ declineSurveyOffer: { status: string } }>(who, DECLINE, {
      id: visitor.id,
      reason: '  On leave that month ',
    });
    expect(result.errors).toBeUndefined();
    expect(result.data!.declineSurveyOffer.status).toBe('DECLINED');
    const [row] = await rows(
      'select status, responded_at, decline_reason from survey_visitors where id = $1',
      [visitor.id],
    );
    expect(row).toMatchObject({ status: 'DECLINED', decline_reason: 'On leave that month' });
    expect(row.responded_at).toBeInstanceOf(Date);
  });

  it('refuses someone else’s offer, an answered one, a FINAL visit’s and an archived visit’s, changing nothing', async () => {
    const mine = await offered();
    const cases: Array<
      [string, () => Promise<{ who: TestUser; visitId: number; id: number }>, string, string]
    > = [
      [
        'someone else’s',
        async () => ({ who: await surveyor(), visitId: mine.visit.id, id: mine.visitor.id }),
        SURVEY_OFFER_MESSAGES.noSuchOffer,
        'not_found',
      ],
      [
        'answered',
        async () => {
          const o = await offered({}, 'DECLINED');
          return { who: o.who, visitId: o.visit.id, id: o.visitor.id };
        },
        SURVEY_OFFER_MESSAGES.answered,
        'invalid_transition',
      ],
      [
        'FINAL',
        async () => {
          const o = await offered({ status: 'FINAL' });
          return { who: o.who, visitId: o.visit.id, id: o.visitor.id };
        },
        SURVEY_OFFER_MESSAGES.final,
        'invalid_transition',
      ],
      [
        'archived visit',
        async () => {
          const o = await offered();
          await stack.sql.query('update survey_visits set archived = true where id = $1', [o.visit.id]);
          return { who: o.who, visitId: o.visit.id, id: o.visitor.id };
        },
        SURVEY_OFFER_MESSAGES.noSuchOffer,
        'not_found',
      ],
      [
        'missing',
        async () => ({ who: mine.who, visitId: mine.visit.id, id: 2_000_000_000 }),
        SURVEY_OFFER_MESSAGES.noSuchOffer,
        'not_found',
      ],
    ];
    for (const [name, arrange, message, code] of cases) {
      const { who, visitId, id } = await arrange();
      const before = await state(visitId, who.id);
      for (const [query, variables] of [
        [ACCEPT, { id }],
        [DECLINE, { id, reason: 'Busy' }],
      ] as const) {
        expect(refusal(await gql(who, query, variables)), name).toEqual({ message, code });
      }
      expect(await state(visitId, who.id), name).toEqual(before);
    }
  });

  it('refuses a non-surveyor, a decline without a reason or with control characters or too long, changing nothing', async () => {
    const { who, visit, visitor } = await offered();
    const before = await state(visit.id, who.id);
    expect(refusal(await gql(who, DECLINE, { id: visitor.id, reason: '   ' })).message).toBe(
      'Say why you decline this offer.',
    );
    expect(refusal(await gql(who, DECLINE, { id: visitor.id, reason: 'a\u0000b' })).message).toMatch(
      /control characters/,
    );
    expect(refusal(await gql(who, DECLINE, { id: visitor.id, reason: 'x'.repeat(501) })).message).toBe(
      'At most 500 characters.',
    );
    await stack.sql.query('update users set is_surveyor = false where id = $1', [who.id]);
    expect(refusal(await gql(who, ACCEPT, { id: visitor.id }))).toEqual({
      message: SURVEY_OFFER_MESSAGES.notSurveyor,
      code: 'forbidden',
    });
    expect(await state(visit.id, who.id)).toEqual(before);
  });

  it('refuses to accept while the surveyor has a conflict with the practice or its network; an old or archived one does not count', async () => {
    const network = await createNetwork(stack.sql);
    const { who, visit, visitor, practice } = await offered({ networkId: network.id });
    const conflict = await insertRow(stack.sql, 'surveyor_conflicts', {
      user_id: who.id,
      network_id: network.id,
      reason: 'Consulted to the group',
    });
    const before = await state(visit.id, who.id);
    expect(refusal(await gql(who, ACCEPT, { id: visitor.id }))).toEqual({
      message: SURVEY_OFFER_MESSAGES.conflict('Consulted to the group'),
      code: 'invalid_input',
    });
    expect(await state(visit.id, who.id)).toEqual(before);

    // One that ended just inside the previous three years (CONFLICT_LOOKBACK_YEARS, the profile's
    // words) still counts.
    const recent = await insertRow(stack.sql, 'surveyor_conflicts', {
      user_id: who.id,
      practice_id: practice.id,
      reason: 'Left a few weeks short of three years ago',
      to_date: dayFromToday(-CONFLICT_LOOKBACK_YEARS * 365 + 20),
    });
    await stack.sql.query('update surveyor_conflicts set archived = true where id = $1', [conflict.id]);
    expect(refusal(await gql(who, ACCEPT, { id: visitor.id })).message).toBe(
      SURVEY_OFFER_MESSAGES.conflict('Left a few weeks short of three years ago'),
    );
    expect(await state(visit.id, who.id)).toMatchObject({ visitors: before.visitors });
    await stack.sql.query('update surveyor_conflicts set archived = true where id = $1', [recent.id]);

    // Both archived, and one that ended more than three years ago: the offer can be accepted.
    await insertRow(stack.sql, 'surveyor_conflicts', {
      user_id: who.id,
      practice_id: practice.id,
      reason: 'Locum there long ago',
      from_date: dayFromToday(-8 * 365),
      to_date: dayFromToday(-3 * 365 - 5),
    });
    const accepted = await gql<{ acceptSurveyOffer: { status: string } }>(who, ACCEPT, { id: visitor.id });
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data!.acceptSurveyOffer.status).toBe('ACCEPTED');
  });
});

describe('who may call them', () => {
  it('a back-office caller acts only as a surveyor, on their own offers, and a search refuses control characters', async () => {
    // The actions are in the back-office roles' schemas too (the app sends a QAM's or an admin's
    // requests as their default role), so a QAM or admin who is a surveyor may answer their own
    // offers; someone else's offer is not found for them, and one who is not a surveyor is refused.
    const qam = await createUser(stack.sql, { isQam: true, isSurveyor: true });
    const admin = await createUser(stack.sql, { isAdmin: true, isSurveyor: true });
    const adminOnly = await createUser(stack.sql, { isAdmin: true });
    const { visit, visitor, who } = await offered();
    const before = await state(visit.id, who.id);
    for (const [caller, role] of [
      [qam, 'qam'],
      [admin, 'provider_admin'],
    ] as const) {
      const result = await stack.gql({ email: caller.email, password: caller.password, role }, ACCEPT, {
        id: visitor.id,
      });
      expect(refusal(result), role).toEqual({ message: 'This offer could not be found.', code: 'not_found' });
    }
    const notSurveyor = await stack.gql(
      { email: adminOnly.email, password: adminOnly.password, role: 'provider_admin' },
      ACCEPT,
      { id: visitor.id },
    );
    expect(refusal(notSurveyor)).toEqual({ message: 'Only surveyors can do this.', code: 'forbidden' });
    expect(await state(visit.id, who.id)).toEqual(before);
    expect(refusal(await gql(who, SEARCH, { search: 'Bay\nview' }))).toEqual({
      message: 'Search with a shorter text, on one line.',
      code: 'invalid_input',
    });
  });
});

describe('conflicts of interest', () => {
  it('declares a conflict with a practice and one with a network, lists them with names, archives one', async () => {
    const who = await surveyor();
    const address = await createAddress(stack.sql, { suburb: 'Glebe' });
    const practice = await createPractice(stack.sql, {
      name: `Glebe Family Clinic ${who.id}`,
      organisation: { physical_address_id: address.id },
    });
    const network = await createNetwork(stack.sql);
    const first = await gql<{ declareConflict: { id: number; message: string } }>(who, DECLARE, {
      practiceId: practice.id,
      reason: ' Worked there as a GP ',
      fromDate: '2023-01-01',
      toDate: '2024-06-30',
    });
    expect(first.errors).toBeUndefined();
    expect(first.data!.declareConflict.message).toBe(SURVEY_OFFER_MESSAGES.conflictDeclared);
    const second = await gql<{ declareConflict: { id: number } }>(who, DECLARE, {
      networkId: network.id,
      reason: 'Consultant',
    });
    expect(second.errors).toBeUndefined();

    const listed = await gql<{ surveyor_conflicts: unknown[] }>(
      who,
      '{ surveyor_conflicts(order_by: {id: asc}) { id subject_name subject_suburb reason from_date to_date archived user_id } }',
    );
    expect(listed.data!.surveyor_conflicts).toEqual([
      {
        id: first.data!.declareConflict.id,
        subject_name: practice.name,
        subject_suburb: 'Glebe',
        reason: 'Worked there as a GP',
        from_date: '2023-01-01',
        to_date: '2024-06-30',
        archived: false,
        user_id: who.id,
      },
      expect.objectContaining({ subject_name: network.name, subject_suburb: null, reason: 'Consultant' }),
    ]);

    const archived = await gql<{ archiveConflict: { message: string } }>(who, ARCHIVE, {
      id: second.data!.declareConflict.id,
    });
    expect(archived.errors).toBeUndefined();
    const [row] = await rows('select archived, archived_at from surveyor_conflicts where id = $1', [
      second.data!.declareConflict.id,
    ]);
    expect(row.archived).toBe(true);
    expect(row.archived_at).toBeInstanceOf(Date);
  });

  it('refuses bad declarations and someone else’s archive, changing nothing', async () => {
    const who = await surveyor();
    const other = await surveyor();
    const { practice } = await visitOf();
    const network = await createNetwork(stack.sql);
    const theirs = await insertRow(stack.sql, 'surveyor_conflicts', {
      user_id: other.id,
      practice_id: practice.id,
      reason: 'Theirs',
    });
    const before = { mine: await state(0, who.id), theirs: await state(0, other.id) };
    const declare = async (variables: Record<string, unknown>) =>
      refusal(await gql(who, DECLARE, variables)).message;
    expect(await declare({ reason: 'No subject' })).toBe(SURVEY_OFFER_MESSAGES.noSuchSubject);
    expect(await declare({ practiceId: practice.id, networkId: network.id, reason: 'Both' })).toBe(
      SURVEY_OFFER_MESSAGES.noSuchSubject,
    );
    expect(await declare({ practiceId: 2_000_000_000, reason: 'Unknown practice' })).toBe(
      SURVEY_OFFER_MESSAGES.noSuchSubject,
    );
    expect(await declare({ practiceId: practice.id, reason: '' })).toBe(
      'Say why you have a conflict of interest.',
    );
    expect(await declare({ practiceId: practice.id, reason: 'x'.repeat(501) })).toBe(
      'At most 500 characters.',
    );
    expect(await declare({ practiceId: practice.id, reason: 'bad\u0001' })).toMatch(/control characters/);
    expect(
      await declare({
        practiceId: practice.id,
        reason: 'Dates',
        fromDate: '2024-02-01',
        toDate: '2024-01-01',
      }),
    ).toBe('The end date must not be before the start date.');
    expect(await declare({ practiceId: practice.id, reason: 'Dates', fromDate: '2024-02-30' })).toBe(
      'Enter a date.',
    );
    expect(refusal(await gql(who, ARCHIVE, { id: theirs.id }))).toEqual({
      message: SURVEY_OFFER_MESSAGES.noSuchConflict,
      code: 'not_found',
    });
    const manager = await createUser(stack.sql);
    expect(
      refusal(await gql(manager, DECLARE, { practiceId: practice.id, reason: 'Not a surveyor' })),
    ).toEqual({
      message: SURVEY_OFFER_MESSAGES.notSurveyor,
      code: 'forbidden',
    });
    expect({ mine: await state(0, who.id), theirs: await state(0, other.id) }).toEqual(before);
    expect(await state(0, manager.id)).toMatchObject({ conflicts: [] });
  });

  it('searches practices and networks by name: at most 20, names and suburbs only, surveyors only', async () => {
    const who = await surveyor();
    const tag = `Zed${who.id}`;
    for (let i = 0; i < CONFLICT_SEARCH_LIMIT + 2; i++)
      await createPractice(stack.sql, { name: `${tag} Clinic ${i}` });
    const network = await createNetwork(stack.sql, { name: `${tag} Health Group` });
    const result = await gql<{ searchConflictSubjects: Array<{ kind: string; name: string }> }>(who, SEARCH, {
      search: tag,
    });
    expect(result.errors).toBeUndefined();
    const found = result.data!.searchConflictSubjects;
    expect(found).toHaveLength(CONFLICT_SEARCH_LIMIT);
    expect(found.every((s) => s.name.startsWith(tag))).toBe(true);
    const networkOnly = await gql<{ searchConflictSubjects: unknown[] }>(who, SEARCH, {
      search: `${tag} Health`,
    });
    expect(networkOnly.data!.searchConflictSubjects).toEqual([
      { kind: 'NETWORK', id: network.id, name: network.name, suburb: null },
    ]);
    // Pattern characters are literal; one character finds nothing.
    expect(
      (await gql<{ searchConflictSubjects: unknown[] }>(who, SEARCH, { search: '%' })).data!
        .searchConflictSubjects,
    ).toEqual([]);
    expect(
      (await gql<{ searchConflictSubjects: unknown[] }>(who, SEARCH, { search: '%_%' })).data!
        .searchConflictSubjects,
    ).toEqual([]);
    const manager = await createUser(stack.sql);
    expect(refusal(await gql(manager, SEARCH, { search: tag })).code).toBe('forbidden');
  });
});

describe('preferred days', () => {
  const days = () => [
    { day: dayFromToday(3), available: true },
    { day: dayFromToday(4), available: false, reason: 'Another survey' },
  ];

  it('replaces the whole set of the surveyor’s days for the visit', async () => {
    const { who, visit } = await offered();
    const first = await gql<{ savePreferredDays: { count: number; message: string } }>(who, SAVE_DAYS, {
      visitId: visit.id,
      days: days(),
    });
    expect(first.errors).toBeUndefined();
    expect(first.data!.savePreferredDays).toMatchObject({
      count: 2,
      message: SURVEY_OFFER_MESSAGES.daysSaved,
    });
    const second = await gql(who, SAVE_DAYS, {
      visitId: visit.id,
      days: [{ day: dayFromToday(10), available: true }],
    });
    expect(second.errors).toBeUndefined();
    const read = await gql<{ preferred_days: unknown[] }>(
      who,
      `{ preferred_days(where: {survey_visit_id: {_eq: ${visit.id}}}) { day available reason user_id } }`,
    );
    expect(read.data!.preferred_days).toEqual([
      { day: dayFromToday(10), available: true, reason: null, user_id: who.id },
    ]);
  });

  it('refuses after the due date, outside the period, when not asked, for a non-visitor or a declined one, changing nothing', async () => {
    const cases: Array<
      [string, () => Promise<{ who: TestUser; visitId: number }>, string, Array<Record<string, unknown>>?]
    > = [
      [
        'due date passed',
        async () => {
          const o = await offered({ dueInDays: 0 });
          return { who: o.who, visitId: o.visit.id };
        },
        PREFERRED_DAYS_LOCKS.duePassed,
      ],
      [
        'not PREFERRED_DAYS_REQ',
        async () => {
          const o = await offered({ status: 'PLANNING' }, 'ACCEPTED');
          return { who: o.who, visitId: o.visit.id };
        },
        PREFERRED_DAYS_LOCKS.notRequested,
      ],
      [
        'FINAL',
        async () => {
          const o = await offered({ status: 'FINAL' }, 'ACCEPTED');
          return { who: o.who, visitId: o.visit.id };
        },
        PREFERRED_DAYS_LOCKS.notRequested,
      ],
      [
        'not a visitor',
        async () => {
          const o = await offered();
          return { who: await surveyor(), visitId: o.visit.id };
        },
        PREFERRED_DAYS_LOCKS.notVisitor,
      ],
      [
        'declined',
        async () => {
          const o = await offered({}, 'DECLINED');
          return { who: o.who, visitId: o.visit.id };
        },
        PREFERRED_DAYS_LOCKS.declined,
      ],
      [
        'before today',
        async () => {
          const o = await offered();
          return { who: o.who, visitId: o.visit.id };
        },
        '',
        [{ day: dayFromToday(-1), available: true }],
      ],
      [
        'after the due month',
        async () => {
          const o = await offered({ dueInDays: 5 });
          return { who: o.who, visitId: o.visit.id };
        },
        '',
        [{ day: dayFromToday(45), available: true }],
      ],
      [
        'unavailable without a reason',
        async () => {
          const o = await offered();
          return { who: o.who, visitId: o.visit.id };
        },
        'Say why you are unavailable that day.',
        [{ day: dayFromToday(3), available: false, reason: ' ' }],
      ],
      [
        'reason too long',
        async () => {
          const o = await offered();
          return { who: o.who, visitId: o.visit.id };
        },
        'At most 200 characters.',
        [{ day: dayFromToday(3), available: false, reason: 'x'.repeat(201) }],
      ],
    ];
    for (const [name, arrange, message, sent] of cases) {
      const { who, visitId } = await arrange();
      // A day already stated stays as it was.
      await insertRow(stack.sql, 'preferred_days', {
        survey_visit_id: visitId,
        user_id: who.id,
        day: dayFromToday(2),
      });
      const before = await state(visitId, who.id);
      const result = refusal(await gql(who, SAVE_DAYS, { visitId, days: sent ?? days() }));
      if (message) expect(result.message, name).toBe(message);
      else
        expect(result.message, name).toMatch(/^Choose days from \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}\.$/);
      expect(await state(visitId, who.id), name).toEqual(before);
    }
  });
});
