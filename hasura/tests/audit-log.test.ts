import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Db } from './db.ts';
import { makePractice, makeUser } from './factories.ts';

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
});
