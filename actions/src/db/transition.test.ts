import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import { createPractice, createUser } from '@portal/testkit/factories';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { createDb, type Db } from '../plugins/app/db.ts';
import { sql } from './sql.ts';
import { type Transition, transition } from './transition.ts';

let database: TestDatabase;
let pool: pg.Pool;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase('migrated');
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
  db = createDb(pool);
});
afterAll(async () => {
  await pool.end();
  await database.drop();
});

interface Renewal {
  status: string;
  submitted_at: Date | null;
  submitted_by_id: number | null;
  updated_at: Date;
}

/** A practice with one renewal in the given status, and a user to act on it. */
async function arrange(status: string) {
  const practice = await createPractice(pool);
  const user = await createUser(pool);
  const { rows } = await pool.query<{ id: number }>(
    'insert into public.reapplications (practice_id, status) values ($1, $2) returning id',
    [practice.id, status],
  );
  const id = rows[0]!.id;
  const submit: Transition<string> = {
    table: 'reapplications',
    id,
    from: ['DUE'],
    to: 'PAYMENT_PENDING',
    actor: { userId: user.id, role: 'user' },
    stamp: { at: 'submitted_at', by: 'submitted_by_id' },
    scope: sql`t.practice_id = ${practice.id}`,
    notFound: 'There is no such renewal.',
  };
  const row = async () =>
    (await pool.query<Renewal>('select * from public.reapplications where id = $1', [id])).rows[0]!;
  return { id, user, submit, row };
}

describe('transition', () => {
  it('moves an allowed status, stamping who and when, and the audit log names the actor', async () => {
    const { id, user, submit, row } = await arrange('DUE');
    const done = await db.transaction((tx) => transition(tx, submit));
    expect(done).toMatchObject({ id, from: 'DUE', status: 'PAYMENT_PENDING' });
    const after = await row();
    expect(after).toMatchObject({ status: 'PAYMENT_PENDING', submitted_by_id: user.id });
    expect(after.submitted_at).toEqual(done.changedAt);
    const { rows: audit } = await pool.query(
      `select changed_by_id, old_data->>'status' as old, new_data->>'status' as new from public.audit_log
        where table_name = 'reapplications' and row_id = $1 and operation = 'UPDATE'`,
      [String(id)],
    );
    expect(audit).toEqual([{ changed_by_id: user.id, old: 'DUE', new: 'PAYMENT_PENDING' }]);
  });

  it('refuses a row in another status with a clear code and message, changing nothing', async () => {
    const { submit, row } = await arrange('COMPLETED');
    const before = await row();
    const refused = await db.transaction((tx) => transition(tx, submit)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).toJSON()).toEqual({
      code: 'invalid_transition',
      message: 'This cannot change from COMPLETED to PAYMENT_PENDING.',
    });
    expect(await row()).toEqual(before);

    const worded = await db
      .transaction((tx) =>
        transition(tx, {
          ...submit,
          refused: (current) => ({ code: 'invalid_input', message: `Not ${current}.` }),
        }),
      )
      .catch((error: unknown) => error);
    expect((worded as AppError).toJSON()).toEqual({ code: 'invalid_input', message: 'Not COMPLETED.' });
    expect(await row()).toEqual(before);
  });

  it('answers not_found for a missing row or one out of scope', async () => {
    const { submit, row } = await arrange('DUE');
    const before = await row();
    for (const change of [
      { ...submit, id: 2_000_000_000 },
      { ...submit, scope: sql`t.practice_id = ${-1}` },
    ]) {
      const missing = await db.transaction((tx) => transition(tx, change)).catch((error: unknown) => error);
      expect((missing as AppError).toJSON()).toEqual({
        code: 'not_found',
        message: 'There is no such renewal.',
      });
    }
    expect(await row()).toEqual(before);
  });

  it('lets only one of two concurrent transitions of a row win', async () => {
    const { submit, row } = await arrange('DUE');
    // The first holds its lock a while before committing; the second waits for it, then sees
    // PAYMENT_PENDING and is refused.
    const first = db.transaction(async (tx) => {
      const done = await transition(tx, submit);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return done;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = db.transaction((tx) => transition(tx, submit));
    const results = await Promise.allSettled([first, second]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(((results[1] as PromiseRejectedResult).reason as AppError).code).toBe('invalid_transition');
    expect((await row()).status).toBe('PAYMENT_PENDING');
    const { rows } = await pool.query(
      `select count(*)::int as n from public.audit_log
        where table_name = 'reapplications' and row_id = $1 and operation = 'UPDATE'`,
      [String(submit.id)],
    );
    expect(rows[0].n).toBe(1);
  });
});
