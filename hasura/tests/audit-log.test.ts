import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import { makePractice, makeUser } from '@portal/testkit/database-rows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Db, failureOf } from './db.ts';

describe('audit log', () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase('migrated');
    db = await connect(database.url);
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  it('records who changed what, from the hasura.user session setting', async () => {
    const actor = await makeUser(db, { email: 'actor@example.test' });
    const practice = await makePractice(db);
    await db.asUser({ 'x-hasura-user-id': String(actor.id), 'x-hasura-role': 'user' }, () =>
      db.q("update practices set status = 'IN_PROGRESS' where organisation_id = $1", [
        practice.organisation_id,
      ]),
    );
    const [entry] = await db.q(
      `select operation, row_id, changed_by_id, changed_by_role, old_data ->> 'status' as old_status,
              new_data ->> 'status' as new_status from audit_log
        where table_name = 'practices' and operation = 'UPDATE' order by id desc limit 1`,
    );
    expect(entry).toEqual({
      operation: 'UPDATE',
      row_id: String(practice.organisation_id),
      changed_by_id: actor.id,
      changed_by_role: 'user',
      old_status: 'APPLICATION',
      new_status: 'IN_PROGRESS',
    });
  });

  it('records inserts and deletes, with no user outside a session', async () => {
    const user = await makeUser(db);
    await db.q('delete from users where id = $1', [user.id]);
    const entries = await db.q(
      "select operation, changed_by_id from audit_log where table_name = 'users' and row_id = $1 order by id",
      [String(user.id)],
    );
    expect(entries).toEqual([
      { operation: 'INSERT', changed_by_id: null },
      { operation: 'DELETE', changed_by_id: null },
    ]);
  });

  it('never stores password hashes, and skips updates that change nothing', async () => {
    const user = await makeUser(db, { password_hash: 'scrypt$secret' });
    await db.q('update users set password_hash = password_hash where id = $1', [user.id]);
    const entries = await db.q<{ new_data: Record<string, unknown> }>(
      "select new_data from audit_log where table_name = 'users' and row_id = $1",
      [String(user.id)],
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.new_data).not.toHaveProperty('password_hash');
    expect(entries[0]!.new_data).toHaveProperty('email', user.email);
  });

  it('fills created_by columns from the acting session', async () => {
    const actor = await makeUser(db);
    const practice = await makePractice(db);
    const [staff] = await db.asUser({ 'x-hasura-user-id': String(actor.id), 'x-hasura-role': 'user' }, () =>
      db.q(
        "insert into practice_staff (practice_id, first_name, last_name, type) values ($1, 'A', 'B', 'gp') returning created_by_id",
        [practice.organisation_id],
      ),
    );
    expect(staff).toEqual({ created_by_id: actor.id });
  });

  it('is append-only: no update, delete, truncate or hand-written insert, with or without a session', async () => {
    const user = await makeUser(db);
    const logOf = () =>
      db.q("select * from audit_log where table_name = 'users' and row_id = $1 order by id", [
        String(user.id),
      ]);
    const before = await logOf();
    expect(before).toHaveLength(1);
    const id = before[0]!.id as string;
    const appendOnly = {
      code: '23514',
      message:
        'The audit log is append-only: its rows are written by the audit trigger and never changed or deleted.',
    };
    const forged = "insert into audit_log (table_name, row_id, operation) values ('users', '1', 'UPDATE')";
    const attempts = [
      `update audit_log set changed_by_id = 1 where id = ${id}`,
      `delete from audit_log where id = ${id}`,
      'truncate audit_log',
      forged,
      // The audit trigger's own flag raised by hand is not enough: the insert must come from a trigger.
      `select set_config('audit.writing', 'on', true); ${forged}`,
    ];
    await db.q('begin');
    try {
      for (const statement of attempts)
        expect(await failureOf(db, statement), statement).toMatchObject(appendOnly);
      // The same under a Hasura session: the engine's admin, with and without a user.
      for (const session of [
        { 'x-hasura-role': 'admin', 'x-hasura-user-id': String(user.id) },
        { 'x-hasura-role': 'admin' },
      ]) {
        await db.q("select set_config('hasura.user', $1, true)", [JSON.stringify(session)]);
        for (const statement of attempts)
          expect(await failureOf(db, statement), statement).toMatchObject(appendOnly);
      }
    } finally {
      await db.q('rollback');
    }
    expect(await logOf()).toEqual(before);
    // The trigger still appends, and the flag it raised does not outlast its own row.
    await db.q('begin');
    try {
      await db.q("update users set first_name = 'Changed' where id = $1", [user.id]);
      expect(await failureOf(db, forged)).toMatchObject(appendOnly);
    } finally {
      await db.q('commit');
    }
    expect((await logOf()).map((row) => [row.operation, row.new_data.first_name])).toEqual([
      ['INSERT', user.first_name],
      ['UPDATE', 'Changed'],
    ]);
  });
});
