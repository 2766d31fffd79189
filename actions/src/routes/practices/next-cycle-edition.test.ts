import { formatDisplayDate, NEXT_CYCLE_MESSAGES } from '@portal/domain';
import { createEdition, createTransition, type TestTransition } from '@portal/testkit/edition-factories';
import { addPracticeRole, createPractice, createUser } from '@portal/testkit/factories';
import { createTestContext, signIn, type TestContext } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULED_JOBS } from '../../services/scheduler/scheduled-jobs.ts';

// The practice's choice of edition for its next cycle within a transition window (issue 30).
type Who = 'pm' | 'staff' | 'stranger';

let ctx: TestContext;
let window: TestTransition;
let practiceId: number;
const tokens = {} as Record<Who, string>;

const call = (method: 'GET' | 'PUT', token: string | null, body?: unknown, id: number = practiceId) =>
  ctx.app.inject({
    method,
    url: `/api/practices/${id}/next-cycle-edition`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });

const choice = async () =>
  (
    await ctx.sql.query(
      'select next_cycle_survey_version_id as id from public.practices where organisation_id = $1',
      [practiceId],
    )
  ).rows[0]!.id as number | null;

beforeAll(async () => {
  ctx = await createTestContext();
  window = await createTransition(ctx.sql, { opensIn: -3, closesIn: 40 });
  const practice = await createPractice(ctx.sql);
  practiceId = practice.id;
  const users = {
    pm: await createUser(ctx.sql),
    staff: await createUser(ctx.sql),
    stranger: await createUser(ctx.sql),
  };
  await addPracticeRole(ctx.sql, practiceId, users.pm.id, 'PM');
  await addPracticeRole(ctx.sql, practiceId, users.staff.id, 'SU');
  for (const [who, user] of Object.entries(users))
    tokens[who as Who] = (await signIn(ctx.app, user.email, user.password)).accessToken;
});
afterAll(() => ctx?.close());

describe('/api/practices/:id/next-cycle-edition', () => {
  it('shows the window and the older edition by default; the PM chooses the newer and a new cycle takes it', async () => {
    const read = await call('GET', tokens.pm);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      window: {
        older: { id: window.older.id, code: window.older.code, name: `Edition ${window.older.code}` },
        newer: { id: window.newer.id, code: window.newer.code, name: `Edition ${window.newer.code}` },
        opensOn: window.opensOn,
        closesOn: window.closesOn,
        open: true,
      },
      editionId: window.older.id,
      canChoose: true,
    });
    const saved = await call('PUT', tokens.pm, { editionId: window.newer.id });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      editionId: window.newer.id,
      message: NEXT_CYCLE_MESSAGES.saved(window.newer.code),
    });
    const { rows } = await ctx.sql.query(
      'insert into public.accreditations (practice_id) values ($1) returning survey_version_id',
      [practiceId],
    );
    expect(rows[0].survey_version_id).toBe(window.newer.id);
    await ctx.sql.query('delete from public.accreditations where practice_id = $1', [practiceId]);
    expect((await call('PUT', tokens.pm, { editionId: window.older.id })).json().editionId).toBe(
      window.older.id,
    );
  });

  it('lets a reader without changePractice see it but not choose; a stranger gets 404; nothing changes', async () => {
    const before = await choice();
    const seen = await call('GET', tokens.staff);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().canChoose).toBe(false);
    expect((await call('PUT', tokens.staff, { editionId: window.newer.id })).statusCode).toBe(403);
    expect((await call('GET', tokens.stranger)).statusCode).toBe(404);
    expect((await call('PUT', tokens.stranger, { editionId: window.newer.id })).statusCode).toBe(404);
    expect((await call('PUT', null, { editionId: window.newer.id })).statusCode).toBe(401);
    expect(await choice()).toBe(before);
  });

  it('refuses another edition or a bad body with a clear message; nothing changes', async () => {
    const before = await choice();
    const other = await createEdition(ctx.sql, { O1: 1 });
    const wrong = await call('PUT', tokens.pm, { editionId: other.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(NEXT_CYCLE_MESSAGES.notAnEdition);
    const bad = await call('PUT', tokens.pm, { editionId: 'GPS-6' });
    expect(bad.statusCode).toBe(400);
    expect((await call('PUT', tokens.pm, { editionId: 1, extra: true })).statusCode).toBe(400);
    expect(await choice()).toBe(before);
  });

  it('before the window opens: shown with its days, and a choice is refused until then', async () => {
    const later = await createTransition(ctx.sql, { opensIn: 4, closesIn: 40 });
    const read = (await call('GET', tokens.pm)).json();
    expect(read).toMatchObject({
      window: {
        older: { id: later.older.id },
        newer: { id: later.newer.id },
        opensOn: later.opensOn,
        open: false,
      },
      editionId: later.older.id,
    });
    const refused = await call('PUT', tokens.pm, { editionId: later.newer.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(NEXT_CYCLE_MESSAGES.notYet(formatDisplayDate(later.opensOn)));
    window = await createTransition(ctx.sql, { opensIn: -3, closesIn: 40 });
  });

  it('without an open window: no choice to make, and a choice is refused', async () => {
    await ctx.sql.query('select public.complete_edition_transitions(public.portal_today() + 60)');
    const read = await call('GET', tokens.pm);
    expect(read.json()).toMatchObject({ window: null, editionId: window.newer.id });
    const refused = await call('PUT', tokens.pm, { editionId: window.newer.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(NEXT_CYCLE_MESSAGES.noWindow);
  });
});

describe('the scheduled job complete-edition-transitions', () => {
  it('makes the newer edition current the day after the window, once', async () => {
    const job = SCHEDULED_JOBS.find((one) => one.name === 'complete-edition-transitions')!;
    const w = await createTransition(ctx.sql, { opensIn: -20, closesIn: 0 });
    const current = async () =>
      (await ctx.sql.query('select id from public.survey_versions where is_current')).rows[0]!.id as number;
    await job.run(ctx.app, new Date());
    expect(await current()).toBe(w.older.id);
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
    await job.run(ctx.app, tomorrow);
    expect(await current()).toBe(w.newer.id);
    await job.run(ctx.app, tomorrow);
    expect(await current()).toBe(w.newer.id);
  });
});
