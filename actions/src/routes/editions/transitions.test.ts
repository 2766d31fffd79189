import { createEdition, createTransition } from '@portal/testkit/edition-factories';
import { addPracticeRole, createPractice, createUser } from '@portal/testkit/factories';
import { dayFromToday } from '@portal/testkit/row-factories';
import { createTestContext, signIn, type TestContext } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The transition window (issue 30): a provider admin sets its dates on the newer edition; the
// database decides what is allowed; everyone else is refused and nothing changes.
let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createUser(ctx.sql, { isAdmin: true });
  adminToken = (await signIn(ctx.app, admin.email, admin.password)).accessToken;
});
afterAll(() => ctx?.close());

const send = (
  method: 'GET' | 'PUT',
  editionId: number | string,
  body?: string,
  token: string | null = adminToken,
) =>
  ctx.app.inject({
    method,
    url: `/api/admin/editions/${editionId}/transition`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: body }),
  });

const dates = (opensIn: number, closesIn: number) =>
  JSON.stringify({ opensOn: dayFromToday(opensIn), closesOn: dayFromToday(closesIn) });

/** The window's row as stored (null when none). */
async function stored(editionId: number) {
  const { rows } = await ctx.sql.query(
    'select opens_on::text, closes_on::text, updated_at from public.edition_transitions where to_version_id = $1',
    [editionId],
  );
  return rows[0] ?? null;
}

describe('PUT /api/admin/editions/:id/transition', () => {
  it('opens a window from the current edition, then moves its dates; GET reads it', async () => {
    const w = await createTransition(ctx.sql);
    // A second pair: the first window completes (the newer becomes current), then a new window.
    await ctx.sql.query('select public.complete_edition_transitions(public.portal_today() + 60)');
    const later = await createEdition(ctx.sql, { L1: 1 });
    const mapping = await ctx.sql.query<{ id: number }>(
      'insert into public.edition_mappings (from_version_id, to_version_id) values ($1, $2) returning id',
      [w.newer.id, later.id],
    );
    await ctx.sql.query(
      `insert into public.edition_indicator_mappings (mapping_id, from_indicator_id, kind, to_indicator_id)
       select $1, i.id, 'RETIRED', null from public.indicators i join public.indicator_sets s on s.id = i.indicator_set_id
        where s.survey_version_id = $2`,
      [mapping.rows[0]!.id, w.newer.id],
    );
    const before = await send('GET', later.id);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      transition: null,
      current: { id: w.newer.id, code: w.newer.code, name: `Edition ${w.newer.code}` },
    });
    const opened = await send('PUT', later.id, dates(-1, 30));
    expect(opened.statusCode).toBe(200);
    expect(opened.json().transition).toMatchObject({
      from: { id: w.newer.id, code: w.newer.code },
      to: { id: later.id, code: later.code },
      opensOn: dayFromToday(-1),
      closesOn: dayFromToday(30),
      state: 'OPEN',
      completedAt: null,
    });
    const moved = await send('PUT', later.id, dates(2, 40));
    expect(moved.json().transition).toMatchObject({ opensOn: dayFromToday(2), state: 'UPCOMING' });
    expect((await send('GET', later.id)).json().transition.closesOn).toBe(dayFromToday(40));
    const { rows } = await ctx.sql.query(
      `select count(*)::int as n from public.audit_log where table_name = 'edition_transitions'
          and changed_by_role = 'provider_admin'`,
    );
    expect(rows[0].n).toBeGreaterThanOrEqual(2);
  });

  it('refuses bad dates, control characters, oversized bodies and a window the rules do not allow; nothing changes', async () => {
    const w = await createTransition(ctx.sql, { opensIn: -5, closesIn: 25 });
    const before = await stored(w.newer.id);
    const refused = async (body: string, status: number, message: string | RegExp) => {
      const answer = await send('PUT', w.newer.id, body);
      expect(answer.statusCode, body.slice(0, 80)).toBe(status);
      expect(answer.json().message).toMatch(message);
    };
    await refused(
      dates(10, 5),
      400,
      'The window must close after it opens: choose a closing date after the opening date.',
    );
    await refused(
      dates(-30, -1),
      400,
      /^The window cannot close in the past: choose a closing date from \d\d\/\d\d\/\d{4} on\.$/,
    );
    await refused(
      JSON.stringify({ opensOn: '2027-02-30', closesOn: dayFromToday(9) }),
      400,
      'Enter the opening date as a date (YYYY-MM-DD).',
    );
    await refused(
      JSON.stringify({ opensOn: `${dayFromToday(1)}\u0000`, closesOn: dayFromToday(9) }),
      400,
      /control character/,
    );
    await refused(
      JSON.stringify({ opensOn: dayFromToday(1), closesOn: dayFromToday(9), colour: 'teal' }),
      400,
      /./,
    );
    await refused(
      JSON.stringify({ opensOn: dayFromToday(1) }),
      400,
      'Enter the closing date as a date (YYYY-MM-DD).',
    );
    await refused('{"opensOn": ', 400, 'The request body is not valid JSON.');
    const oversized = await send(
      'PUT',
      w.newer.id,
      JSON.stringify({ opensOn: 'x'.repeat(5000), closesOn: '' }),
    );
    expect(oversized.statusCode).toBe(413);
    // To the current edition, or to a draft: 409 with the rule's words.
    expect((await send('PUT', w.older.id, dates(1, 9))).json().message).toBe(
      `${w.older.code} is the current edition: a transition window goes to a newer one.`,
    );
    const draft = await createEdition(ctx.sql, { D1: 1 }, { status: 'DRAFT' });
    const toDraft = await send('PUT', draft.id, dates(1, 9));
    expect(toDraft.statusCode).toBe(409);
    expect(toDraft.json().message).toBe(
      `The edition ${draft.code} is draft: publish it before opening a transition window to it.`,
    );
    expect(await stored(draft.id)).toBeNull();
    expect((await send('PUT', 99_999_999, dates(1, 9))).statusCode).toBe(404);
    expect((await send('PUT', 'abc', dates(1, 9))).statusCode).toBe(400);
    expect(await stored(w.newer.id)).toEqual(before);
  });

  it('refuses no token, a forged token, a practice manager and a QAM; nothing changes', async () => {
    const w = await createTransition(ctx.sql);
    const pm = await createUser(ctx.sql);
    const practice = await createPractice(ctx.sql);
    await addPracticeRole(ctx.sql, practice.id, pm.id, 'PM');
    const qam = await createUser(ctx.sql, { isQam: true });
    const pmToken = (await signIn(ctx.app, pm.email, pm.password)).accessToken;
    const qamToken = (await signIn(ctx.app, qam.email, qam.password)).accessToken;
    const before = await stored(w.newer.id);
    expect((await send('PUT', w.newer.id, dates(1, 9), null)).statusCode).toBe(401);
    expect((await send('PUT', w.newer.id, dates(1, 9), `${adminToken.slice(0, -4)}abcd`)).statusCode).toBe(
      401,
    );
    for (const token of [pmToken, qamToken]) {
      const answer = await send('PUT', w.newer.id, dates(1, 9), token);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe('Only a provider admin can manage the editions of the standards.');
      expect((await send('GET', w.newer.id, undefined, token)).statusCode).toBe(403);
    }
    expect(await stored(w.newer.id)).toEqual(before);
  });
});
