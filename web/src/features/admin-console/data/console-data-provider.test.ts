import type { AddressInfo } from 'node:net';
import { buildApp } from '@portal/actions/app';
import { loadConfig } from '@portal/actions/config';
import { ADMIN_CONSOLE_NO_DELETE_MESSAGE } from '@portal/domain';
import { createPractice, createUser, type TestUser } from '@portal/testkit/factories';
import { testEnv } from '@portal/testkit/test-app';
import { startTestStack, TEST_ADMIN_SECRET, type TestStack } from '@portal/testkit/test-stack';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleDataProvider } from './console-data-provider.ts';
import { describeTables } from './hasura-dialect.ts';

/**
 * The console's data provider (react-admin's ra-data-graphql with the Hasura dialect) as the
 * browser runs it: over HTTP to the real console endpoint, which forwards to the real engine as
 * the console's role (the provider admin's permissions, not Hasura's admin). List, filter,
 * sort, page, open, update and create on tracked tables.
 */
describe('the console data provider through /api/admin-console/graphql', () => {
  let stack: TestStack;
  let app: FastifyInstance;
  let admin: TestUser;
  let endpoint: string;
  const marker = `Console${Date.now().toString(36)}`;

  const providerFor = async (user: TestUser) => {
    const token = await stack.tokenFor(user.email, user.password);
    return createConsoleDataProvider({
      endpoint,
      fetch: (url, init) =>
        fetch(url, {
          ...init,
          headers: { ...(init?.headers as Record<string, string>), authorization: `Bearer ${token}` },
        }),
    });
  };

  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated' });
    app = await buildApp(
      loadConfig(
        testEnv(stack.database.url, {
          HASURA_GRAPHQL_URL: stack.graphqlUrl,
          HASURA_GRAPHQL_ADMIN_SECRET: TEST_ADMIN_SECRET,
        }),
      ),
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    endpoint = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/admin-console/graphql`;
    admin = await createUser(stack.sql, { isAdmin: true });
    for (const [name, phone] of [
      ['Bravo', '02 2222 0000'],
      ['Alpha', '02 1111 0000'],
      ['Charlie', '02 3333 0000'],
    ])
      await createPractice(stack.sql, { name: `${marker} ${name}`, organisation: { phone } });
  });
  afterAll(async () => {
    await app?.close();
    await stack?.close();
  });

  it('lists every tracked table with its key and columns', async () => {
    const provider = await providerFor(admin);
    const introspection = await provider.getIntrospection();
    const tables = describeTables(introspection);
    const organisations = tables.find((t) => t.name === 'organisations');
    expect(organisations).toMatchObject({ key: 'id', keyType: 'Int!', creatable: true });
    expect(organisations!.columns.find((c) => c.name === 'phone')).toMatchObject({
      type: 'String',
      updatable: true,
    });
    expect(tables.find((t) => t.name === 'practices')).toMatchObject({ key: 'organisation_id' });
    expect(tables.find((t) => t.name === 'audit_log')).toBeTruthy();
  });

  it('filters (contains, any case), sorts and pages a list, with the total', async () => {
    const provider = await providerFor(admin);
    const page = (n: number, order: 'ASC' | 'DESC') =>
      provider.getList('organisations', {
        filter: { name: marker.toLowerCase() },
        sort: { field: 'name', order },
        pagination: { page: n, perPage: 2 },
      });
    const first = await page(1, 'ASC');
    expect(first.total).toBe(3);
    expect(first.data.map((r) => r.name)).toEqual([`${marker} Alpha`, `${marker} Bravo`]);
    expect(first.data[0]!.id).toBe(first.data[0]!.id);
    expect((await page(2, 'ASC')).data.map((r) => r.name)).toEqual([`${marker} Charlie`]);
    expect((await page(1, 'DESC')).data.map((r) => r.name)).toEqual([`${marker} Charlie`, `${marker} Bravo`]);
    // A LIKE wildcard typed in the filter is a character, not a pattern.
    expect(
      (
        await provider.getList('organisations', {
          filter: { name: '%' },
          sort: { field: 'id', order: 'ASC' },
          pagination: { page: 1, perPage: 5 },
        })
      ).total,
    ).toBe(0);
  });

  it('opens and updates a row; the audit log has the admin’s id; only changed columns are sent', async () => {
    const provider = await providerFor(admin);
    const { data: rows } = await provider.getList('organisations', {
      filter: { name: `${marker} Alpha` },
      sort: { field: 'id', order: 'ASC' },
      pagination: { page: 1, perPage: 1 },
    });
    // As react-admin passes it from the URL: text.
    const { data: row } = await provider.getOne('organisations', { id: String(rows[0]!.id) });
    expect(row.phone).toBe('02 1111 0000');
    const { data: saved } = await provider.update('organisations', {
      id: row.id,
      data: { ...row, phone: '02 9999 1234' },
      previousData: row,
    });
    expect(saved.phone).toBe('02 9999 1234');
    const { rows: audit } = await stack.sql.query(
      `select changed_by_id, changed_by_role, old_data->>'phone' as old, new_data->>'phone' as new
         from audit_log where table_name = 'organisations' and row_id = $1 and operation = 'UPDATE'`,
      [String(row.id)],
    );
    expect(audit).toEqual([
      {
        changed_by_id: admin.id,
        changed_by_role: 'provider_admin_console',
        old: '02 1111 0000',
        new: '02 9999 1234',
      },
    ]);
  });

  it('creates a row and reads a table keyed by another column', async () => {
    const provider = await providerFor(admin);
    const { data: created } = await provider.create('organisations', {
      data: { name: `${marker} Delta`, phone: '07 0000 0000' },
    });
    expect(created).toMatchObject({ name: `${marker} Delta`, phone: '07 0000 0000' });
    const { rows } = await stack.sql.query(
      'select changed_by_id from audit_log where table_name = $1 and row_id = $2',
      ['organisations', String(created.id)],
    );
    expect(rows).toEqual([{ changed_by_id: admin.id }]);
    const practices = await provider.getList('practices', {
      filter: {},
      sort: { field: 'organisation_id', order: 'DESC' },
      pagination: { page: 1, perPage: 1 },
    });
    expect(practices.data[0]!.id).toBe(practices.data[0]!.organisation_id);
  });

  it('does not delete, and a QAM gets nothing', async () => {
    const provider = await providerFor(admin);
    await expect(provider.delete('organisations', { id: 1 })).rejects.toThrow(
      ADMIN_CONSOLE_NO_DELETE_MESSAGE,
    );
    const qam = await createUser(stack.sql, { isQam: true });
    const refused = await providerFor(qam);
    await expect(
      refused.getList('organisations', {
        filter: {},
        sort: { field: 'id', order: 'ASC' },
        pagination: { page: 1, perPage: 1 },
      }),
    ).rejects.toThrow();
  });
});
