import path from 'node:path';
import { loadMetadataDirectory } from '@portal/engine';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSESSMENT_TABLES,
  has,
  MATRIX,
  type Op,
  ROLES,
  type Role,
  SECRET_COLUMNS,
  UNTRACKED_SECRET_TABLES,
  VISIBLE_TO_USER,
} from './matrix.ts';
import { createPermissionWorld, type PermissionWorld } from './world.ts';

// Every tracked table × role × operation, against the real engine serving hasura/ and the people
// and practices of world.ts (a row in every table). Writes with row-level rules are in
// permission-writes.test.ts.

interface TableMeta {
  table: { name: string; schema: string };
  insert_permissions?: Array<{ role: string }>;
  select_permissions?: Array<{ role: string }>;
  update_permissions?: Array<{ role: string }>;
  delete_permissions?: Array<{ role: string }>;
}
const metadata = loadMetadataDirectory(path.resolve(import.meta.dirname, '../../metadata')) as unknown as {
  sources: Array<{ tables: TableMeta[] }>;
};
const TABLES = new Map(metadata.sources[0]!.tables.map((t) => [t.table.name, t]));
const OPS: Op[] = ['select', 'insert', 'update', 'delete'];

/** The world's user acting in each role. */
const CALLER_OF_ROLE: Record<Role, keyof PermissionWorld['users']> = {
  user: 'pm',
  qam: 'qam',
  provider_admin: 'admin',
};
/** Role `user` callers whose visible rows are compared with the matrix, one of each kind. */
const USER_CALLERS: Array<[string, keyof PermissionWorld['users']]> = [
  ['a PM of one practice only', 'pmSingle'],
  ['a PM of several practices', 'pm'],
  ['a PM of one practice with an inactive PM row on another', 'pmOther'],
  ['a surveyor on several practices, visitor on visits', 'surveyor'],
  ['a surveyor offered (not accepted) a visit', 'surveyor3'],
  ['a user of no practice at all', 'newuser'],
];

interface Introspection {
  __schema: {
    queryType: { fields: Array<{ name: string }> };
    mutationType: { fields: Array<{ name: string }> } | null;
    types: Array<{
      name: string;
      fields: Array<{ name: string }> | null;
      inputFields: Array<{ name: string; type: { kind: string } }> | null;
    }>;
  };
}
const INTROSPECT = `{ __schema {
  queryType { fields { name } } mutationType { fields { name } }
  types { name fields { name } inputFields { name type { kind } } } } }`;

describe('permission matrix', () => {
  let stack: TestStack;
  let w: PermissionWorld;
  const CALLER = {} as Record<Role, { email: string; password: string; role: Role }>;
  const schemas = new Map<Role, Introspection['__schema']>();
  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated' });
    w = await createPermissionWorld(stack.sql);
    for (const role of ROLES) {
      CALLER[role] = { ...w.users[CALLER_OF_ROLE[role]], role };
      const result = await stack.gql<Introspection>(CALLER[role], INTROSPECT);
      expect(result.errors).toBeUndefined();
      schemas.set(role, result.data!.__schema);
    }
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('has a row for every tracked table, and only for tracked tables', () => {
    const tracked = [...TABLES.keys()].sort();
    expect([...Object.keys(MATRIX), ...ASSESSMENT_TABLES].sort()).toEqual(tracked);
    for (const table of Object.keys(MATRIX)) {
      if (has(MATRIX[table]!, 'user', 'select')) expect(VISIBLE_TO_USER, table).toHaveProperty(table);
    }
  });

  it('matches the metadata: every table × role × operation is granted exactly as the matrix says', () => {
    const differences: string[] = [];
    for (const [table, row] of Object.entries(MATRIX)) {
      const meta = TABLES.get(table)!;
      for (const role of ROLES) {
        for (const op of OPS) {
          const granted = (meta[`${op}_permissions`] ?? []).some((p) => p.role === role);
          if (granted !== has(row, role, op)) differences.push(`${table} ${role} ${op}: metadata ${granted}`);
        }
      }
    }
    expect(differences).toEqual([]);
  });

  it.each(ROLES)('gives role %s exactly the root fields of the matrix', (role) => {
    const schema = schemas.get(role)!;
    const query = new Set(schema.queryType.fields.map((f) => f.name));
    const mutation = new Set((schema.mutationType?.fields ?? []).map((f) => f.name));
    const differences: string[] = [];
    for (const [table, row] of Object.entries(MATRIX)) {
      const present: Record<Op, boolean> = {
        select: query.has(table),
        insert: mutation.has(`insert_${table}`),
        update: mutation.has(`update_${table}`),
        delete: mutation.has(`delete_${table}`),
      };
      for (const op of OPS) {
        if (present[op] !== has(row, role, op)) differences.push(`${table} ${op}: schema ${present[op]}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it.each(ROLES)('refuses every operation role %s lacks with validation-failed', async (role) => {
    const unexpected: string[] = [];
    for (const [table, row] of Object.entries(MATRIX)) {
      const key = VISIBLE_TO_USER[table]?.key ?? 'id';
      const requests: Record<Op, string> = {
        select: `{ ${table} { __typename } }`,
        insert: `mutation { insert_${table}(objects: []) { affected_rows } }`,
        update: `mutation { update_${table}(where: {}, _set: {}) { affected_rows } }`,
        delete: `mutation { delete_${table}(where: {}) { affected_rows } }`,
      };
      for (const op of OPS) {
        if (has(row, role, op)) continue;
        const result = await stack.gql(CALLER[role], requests[op]);
        const code = result.errors?.[0]?.extensions?.code;
        if (code !== 'validation-failed' || result.data)
          unexpected.push(`${table} ${op} (${key}): ${JSON.stringify(result)}`);
      }
    }
    expect(unexpected).toEqual([]);
  });

  it.each(ROLES)('hides every secret column from role %s (output, filters, inputs)', (role) => {
    const leaks = schemas
      .get(role)!
      .types.flatMap((t) =>
        [...(t.fields ?? []), ...(t.inputFields ?? [])]
          .filter((f) => SECRET_COLUMNS.includes(f.name))
          .map((f) => `${t.name}.${f.name}`),
      );
    expect(leaks).toEqual([]);
  });

  it('does not track the session, reset and lockout tables at all (not even for the admin secret)', async () => {
    const result = await stack.gql<Introspection>('admin', INTROSPECT);
    const fields = result.data!.__schema.queryType.fields.map((f) => f.name);
    for (const table of UNTRACKED_SECRET_TABLES)
      expect(fields.filter((f) => f.startsWith(table))).toEqual([]);
    // The admin secret alone still reads the secrets of tracked tables.
    const admin = await stack.gql<{ users: Array<{ password_hash: string | null }> }>(
      'admin',
      'query ($email: citext!) { users(where: {email: {_eq: $email}}) { password_hash } }',
      { email: w.users.pm.email },
    );
    expect(admin.data?.users[0]?.password_hash).toMatch(/^scrypt\$/);
  });

  it.each(USER_CALLERS)(
    'shows %s exactly the rows of their own practices in every table',
    async (_who, key) => {
      const { id } = w.users[key];
      const tables = Object.keys(VISIBLE_TO_USER);
      const query = `{ ${tables.map((t, i) => `t${i}: ${t} { ${VISIBLE_TO_USER[t]!.key} }`).join('\n')} }`;
      const result = await stack.gql<Record<string, Array<Record<string, unknown>>>>(
        { ...w.users[key], role: 'user' },
        query,
      );
      expect(result.errors).toBeUndefined();
      const differences: string[] = [];
      for (const [i, table] of tables.entries()) {
        const { key, sql } = VISIBLE_TO_USER[table]!;
        const seen = result.data![`t${i}`]!.map((r) => String(r[key])).sort();
        const params = sql.includes('$1') ? [id] : [];
        const expected = (await stack.sql.query<{ id: unknown }>(sql, params)).rows
          .map((r) => String(r.id))
          .sort();
        if (JSON.stringify(seen) !== JSON.stringify(expected)) {
          differences.push(`${table}: saw [${seen}] expected [${expected}]`);
        }
      }
      expect(differences).toEqual([]);
    },
  );

  it('keeps every practice-scoped table non-empty for a PM and empty for a user without practices', async () => {
    // Guards the comparison above against passing because both sides are empty.
    const scoped = [
      'practices',
      'organisations',
      'addresses',
      'practice_users',
      'contacts',
      'accreditations',
    ];
    const query = `{ ${scoped.map((t) => `${t} { __typename }`).join(' ')} practice_staff { id } documents { id } }`;
    const pm = await stack.gql<Record<string, unknown[]>>(w.users.pmSingle, query);
    const nobody = await stack.gql<Record<string, unknown[]>>(w.users.newuser, query);
    for (const t of [...scoped, 'practice_staff', 'documents']) {
      expect(pm.data?.[t]?.length, t).toBeGreaterThan(0);
      expect(nobody.data?.[t], t).toEqual([]);
    }
  });

  it.each(['qam', 'provider_admin'] as const)(
    "shows role %s every row of every table it reads (a QAM: the audit log of the history panels' tables)",
    async (role) => {
      const tables = Object.keys(MATRIX).filter((t) => has(MATRIX[t]!, role, 'select'));
      const differences: string[] = [];
      for (const table of tables) {
        const key = VISIBLE_TO_USER[table]?.key ?? 'id';
        const result = await stack.gql<Record<string, unknown[]>>(CALLER[role], `{ ${table} { ${key} } }`);
        // A QAM reads the log of the tables the history panels show, not of every table.
        // Notifications are each user's own, the back office's too.
        const where =
          role === 'qam' && table === 'audit_log'
            ? ` where table_name in ('practices', 'organisations', 'addresses', 'accreditations', 'practice_staff', 'assessments', 'assessment_status_changes', 'indicator_responses')`
            : table === 'notifications'
              ? ` where user_id = ${w.users[CALLER_OF_ROLE[role]].id}`
              : '';
        const { rows } = await stack.sql.query<{ n: string }>(`select count(*) as n from ${table}${where}`);
        const limit = table === 'audit_log' ? 1000 : table === 'email_outbox' ? 500 : Infinity;
        const expected = Math.min(Number(rows[0]!.n), limit);
        if (result.data?.[table]?.length !== expected) {
          differences.push(
            `${table}: ${JSON.stringify(result.errors ?? result.data?.[table]?.length)} ≠ ${expected}`,
          );
        }
      }
      expect(differences).toEqual([]);
    },
  );

  it.each(['qam', 'provider_admin'] as const)(
    'lets role %s update a row of every table it may update',
    async (role) => {
      // The first row the role's update filter admits, one column set to its current value.
      const admits: Record<string, string> = {
        users: '{is_superadmin: {_eq: false}}',
        invitations: '{status: {_eq: INVITED}}',
        // Each caller's own (the filter is the caller's user id).
        notifications: `{user_id: {_eq: ${w.users[CALLER_OF_ROLE[role]].id}}}`,
      };
      const failures: string[] = [];
      for (const table of Object.keys(MATRIX).filter((t) => has(MATRIX[t]!, role, 'update'))) {
        const key = VISIBLE_TO_USER[table]?.key ?? 'id';
        const setInput = schemas.get(role)!.types.find((t) => t.name === `${table}_set_input`);
        const columns = (setInput?.inputFields ?? []).map((f) => f.name);
        const read = await stack.gql<Record<string, Array<Record<string, unknown>>>>(
          'admin',
          `{ ${table}(where: ${admits[table] ?? '{}'}, order_by: {${key}: asc}, limit: 1) { ${key} ${columns.join(' ')} } }`,
        );
        const row = read.data?.[table]?.[0];
        const column = columns.find((c) => row && row[c] !== null && typeof row[c] !== 'object');
        if (!row || !column) {
          failures.push(`${table}: no row or column to update (${JSON.stringify(read)})`);
          continue;
        }
        const value = JSON.stringify(row[column]);
        // Enum values are written bare in GraphQL; every other scalar as JSON.
        const isEnum = setInput?.inputFields?.find((f) => f.name === column)?.type?.kind === 'ENUM';
        const literal = isEnum ? String(row[column]) : value;
        const result = await stack.gql<Record<string, { affected_rows: number }>>(
          CALLER[role],
          `mutation { update_${table}(where: {${key}: {_eq: ${JSON.stringify(row[key])}}}, _set: {${column}: ${literal}}) { affected_rows } }`,
        );
        if (result.data?.[`update_${table}`]?.affected_rows !== 1)
          failures.push(`${table}.${column}: ${JSON.stringify(result)}`);
      }
      expect(failures).toEqual([]);
    },
  );

  it('counts the practice list and the staff register for the UI totals (allow_aggregations)', async () => {
    const result = await stack.gql<{
      practices_aggregate: { aggregate: { count: number } };
      practice_staff_aggregate: { aggregate: { count: number } };
    }>(
      w.users.pm,
      'query ($p: Int!) { practices_aggregate { aggregate { count } } practice_staff_aggregate(where: {practice_id: {_eq: $p}}) { aggregate { count } } }',
      { p: w.practices.p2.id },
    );
    const practices = await stack.sql.query(
      `select distinct pu.practice_id from practice_users pu join practices p on p.organisation_id = pu.practice_id
        where pu.user_id = $1 and pu.active and p.active_status = 'ACTIVE'`,
      [w.users.pm.id],
    );
    const staff = await stack.sql.query('select id from practice_staff where practice_id = $1', [
      w.practices.p2.id,
    ]);
    expect(result.data?.practices_aggregate.aggregate.count).toBe(practices.rowCount);
    expect(result.data?.practice_staff_aggregate.aggregate.count).toBe(staff.rowCount);
    // The world's: pm manages p2, p3 and p5; p2 has one staff member.
    expect([practices.rowCount, staff.rowCount]).toEqual([3, 1]);
  });
});
