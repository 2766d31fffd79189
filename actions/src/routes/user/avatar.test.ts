import {
  addPracticeRole,
  addSurveyVisitor,
  createAccreditation,
  createManagedPractice,
  createSurveyVisit,
  createUser,
} from '@portal/testkit/factories';
import { createTestContext, signIn, testEnv } from '@portal/testkit/test-app';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/load-config.ts';

/** The engine (who may see whom is its `users` permission), s3rver, and the actions service as the stack runs it. */
let stack: TestStack;
let t: { app: FastifyInstance; sql: pg.Pool };
let s3: NonNullable<TestStack['s3']>;
beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated', s3: true });
  s3 = stack.s3!;
  const app = await buildApp(
    loadConfig(testEnv(stack.database.url, { ...s3.env, HASURA_GRAPHQL_URL: stack.graphqlUrl })),
  );
  await app.ready();
  t = { app, sql: stack.sql };
});
afterAll(async () => {
  await t?.app.close();
  await stack?.close();
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32, 1)]);

function multipart(file: Buffer, filename: string, contentType: string) {
  const boundary = '----avatar-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function signedInUser() {
  const user = await createUser(t.sql, { firstName: 'Aisha', lastName: 'Khan' });
  const { accessToken } = await signIn(t.app, user.email, user.password);
  return { ...user, auth: { authorization: `Bearer ${accessToken}` } };
}

describe('avatars', () => {
  it('uploads a raw PNG, stores it in S3 and serves its URL', async () => {
    const user = await signedInUser();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${user.id}/avatar`,
      headers: { ...user.auth, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().name).toBe('Aisha Khan');
    const url = put.json().avatar as string;
    expect(url.startsWith(`${s3.endpoint}/portal/avatars/${user.id}/`)).toBe(true);
    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);

    const get = await t.app.inject({ method: 'GET', url: `/api/user/${user.id}/avatar`, headers: user.auth });
    expect(get.json()).toEqual({
      name: 'Aisha Khan',
      avatar: expect.stringContaining(`/portal/avatars/${user.id}/`),
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/user/current', headers: user.auth });
    expect(me.json().avatarUrl).toContain(`/avatars/${user.id}/`);
  });

  it('uploads a multipart GIF and replaces the previous picture', async () => {
    const user = await signedInUser();
    const first = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${user.id}/avatar`,
      headers: { ...user.auth, 'content-type': 'image/png' },
      payload: PNG,
    });
    const form = multipart(GIF, 'me.gif', 'image/gif');
    const second = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${user.id}/avatar`,
      headers: { ...user.auth, 'content-type': form.contentType },
      payload: form.body,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().avatar).toMatch(/\.gif\?/);
    // The old object is removed.
    expect((await fetch(first.json().avatar)).status).toBe(404);
  });

  it('refuses files over 2 MB, raw or multipart', async () => {
    const user = await signedInUser();
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const raw = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${user.id}/avatar`,
      headers: { ...user.auth, 'content-type': 'image/png' },
      payload: big,
    });
    expect(raw.statusCode).toBe(413);
    expect(raw.json()).toEqual({ code: 'file_too_large', message: 'The file was too large (at most 2 MB).' });
    const form = multipart(big, 'big.png', 'image/png');
    const multi = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${user.id}/avatar`,
      headers: { ...user.auth, 'content-type': form.contentType },
      payload: form.body,
    });
    expect(multi.statusCode).toBe(413);
    expect(multi.json()).toEqual({
      code: 'file_too_large',
      message: 'The file was too large (at most 2 MB).',
    });
    const { rows } = await t.sql.query('select avatar_key from public.users where id = $1', [user.id]);
    expect(rows[0].avatar_key).toBeNull();
  });

  it('refuses what is not a JPEG, PNG or GIF, whatever the content type says', async () => {
    const user = await signedInUser();
    for (const [type, payload] of [
      ['image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
      ['image/webp', Buffer.from('RIFF0000WEBPVP8 ')],
    ] as const) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${user.id}/avatar`,
        headers: { ...user.auth, 'content-type': type },
        payload,
      });
      expect(response.statusCode, `${type}: ${response.body}`).toBe(415);
      expect(response.json()).toEqual({
        code: 'unsupported_file_type',
        message: 'Only JPEG, PNG or GIF images can be used.',
      });
    }
    const text = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${user.id}/avatar`,
      headers: { ...user.auth, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
  });

  it('only the user may change their own picture', async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${owner.id}/avatar`,
      headers: { ...other.auth, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(response.statusCode).toBe(403);
    const { rows } = await t.sql.query('select avatar_key from public.users where id = $1', [owner.id]);
    expect(rows[0].avatar_key).toBeNull();
  });

  it('tells a name only to people who share a practice or a visit with its owner, and to the back office', async () => {
    const read = (id: number, auth: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/api/user/${id}/avatar`, headers: auth });
    // Aisha manages a practice; a colleague manages it too; a surveyor visits it (no role there).
    const { id: practiceId, pm: aisha } = await createManagedPractice(t.sql, {
      manager: { firstName: 'Aisha', lastName: 'Khan' },
    });
    const colleague = await createUser(t.sql, { firstName: 'Ben', lastName: 'Ng' });
    await addPracticeRole(t.sql, practiceId, colleague.id, 'PM');
    const visitor = await createUser(t.sql, { firstName: 'Sue', lastName: 'Visitor', isSurveyor: true });
    const cycle = await createAccreditation(t.sql, practiceId);
    const visit = await createSurveyVisit(t.sql, cycle.id, { status: 'FINAL' });
    await addSurveyVisitor(t.sql, visit.id, visitor.id, 'ACCEPTED');
    // A manager of another practice, a user of none, a QAM and a provider admin.
    const { pm: elsewhere } = await createManagedPractice(t.sql);
    const stranger = await createUser(t.sql);
    const qam = await createUser(t.sql, { isQam: true });
    const admin = await createUser(t.sql, { isAdmin: true });
    const auth = async (user: { email: string; password: string }) => ({
      authorization: `Bearer ${(await signIn(t.app, user.email, user.password)).accessToken}`,
    });

    for (const reader of [aisha, colleague, qam, admin]) {
      const answer = await read(aisha.id, await auth(reader));
      expect([reader.email, answer.statusCode, answer.json()]).toEqual([
        reader.email,
        200,
        { name: 'Aisha Khan', avatar: null },
      ]);
    }
    // The practice's manager sees who visits it.
    expect((await read(visitor.id, await auth(aisha))).json()).toEqual({ name: 'Sue Visitor', avatar: null });
    // Everyone else gets what an unknown id gets: no name.
    const unknown = await read(999_999, await auth(stranger));
    expect(unknown.statusCode).toBe(404);
    for (const reader of [elsewhere, stranger]) {
      const answer = await read(aisha.id, await auth(reader));
      expect([reader.email, answer.statusCode, answer.json()]).toEqual([reader.email, 404, unknown.json()]);
    }
    expect((await read(aisha.id)).statusCode).toBe(401);
  });
});

describe('avatars without storage', () => {
  it('answers 503 storage_unavailable and keeps the user unchanged', async () => {
    const plain = await createTestContext();
    try {
      const user = await createUser(plain.sql);
      const { accessToken } = await signIn(plain.app, user.email, user.password);
      const response = await plain.app.inject({
        method: 'PUT',
        url: `/api/user/${user.id}/avatar`,
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'image/png' },
        payload: PNG,
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('storage_unavailable');
    } finally {
      await plain.close();
    }
  });
});
