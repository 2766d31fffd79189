import type { AddressInfo } from 'node:net';
import { addPracticeRole, createPractice, createUser } from '@portal/testkit/factories';
import { pingAction } from '@portal/testkit/ping-action';
import { createTestContext, TEST_ACTIONS_SECRET, type TestContext } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, CONTROL_CHARACTER_MESSAGE, findControlCharacter } from './request-guard.ts';

let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createTestContext({}, { actions: [pingAction] });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** Row counts of every table a refused request could have touched. */
async function snapshot() {
  const { rows } = await t.sql.query(`select
    (select count(*) from public.users)::int as users,
    (select count(*) from public.sessions)::int as sessions,
    (select count(*) from public.login_attempts)::int as login_attempts,
    (select count(*) from public.password_resets)::int as password_resets,
    (select count(*) from public.email_outbox)::int as outbox,
    (select count(*) from public.documents)::int as documents`);
  return rows[0];
}

/** POSTs over a real socket, as a browser or a proxy would. */
async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as { code?: string; fields?: unknown } };
}

const action = (name: string, input: Record<string, unknown>, userId: number) =>
  JSON.stringify({
    action: { name },
    input,
    session_variables: { 'x-hasura-user-id': String(userId), 'x-hasura-role': 'user' },
  });

describe('control characters in any text field', () => {
  it('refuse a NUL in the sign-in e-mail with 400, changing nothing', async () => {
    const before = await snapshot();
    const { status, body } = await post(
      '/api/auth/login',
      JSON.stringify({ email: 'someone\u0000@demo.test', password: 'Right-pass-1' }),
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      code: 'invalid_input',
      message: 'The request contains control characters (such as NUL), which no field may hold.',
      fields: { email: CONTROL_CHARACTER_MESSAGE },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuse a NUL in a registration name with 400, changing nothing', async () => {
    const before = await snapshot();
    const { status, body } = await post(
      '/api/auth/register',
      JSON.stringify({
        email: 'new-person@demo.test',
        password: 'Right-pass-1',
        firstName: 'Ann\u0000',
        lastName: 'Lee',
      }),
    );
    expect(status).toBe(400);
    expect(body.fields).toEqual({ firstName: CONTROL_CHARACTER_MESSAGE });
    expect(await snapshot()).toEqual(before);
  });

  it('refuse a NUL in a document name on the Hasura action route with 400, changing nothing', async () => {
    const practice = await createPractice(t.sql);
    const manager = await createUser(t.sql);
    await addPracticeRole(t.sql, practice.id, manager.id, 'PM');
    const before = await snapshot();
    const { status, body } = await post(
      '/api/actions/createDocument',
      action(
        'createDocument',
        {
          practiceId: practice.id,
          name: 'minutes\u0000.pdf',
          contentType: 'application/pdf',
          size: 1000,
          folderCode: 'STAFF_DOCUMENTS',
        },
        manager.id,
      ),
      { 'x-actions-secret': TEST_ACTIONS_SECRET },
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      message: 'The request contains control characters (such as NUL), which no field may hold.',
      extensions: { code: 'invalid_input', fields: { name: CONTROL_CHARACTER_MESSAGE } },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuse the other C0 controls, DEL and C1 controls, but not tabs and line breaks', async () => {
    for (const bad of ['\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\u009f']) {
      const { status, body } = await post('/api/auth/reset', JSON.stringify({ email: `a${bad}@demo.test` }));
      expect(status).toBe(400);
      expect(body.fields).toEqual({ email: CONTROL_CHARACTER_MESSAGE });
    }
    expect(findControlCharacter({ comment: 'line one\r\nline two\tindented', list: ['ok'] })).toBeNull();
    expect(findControlCharacter({ list: ['ok', { deep: 'x\u0000' }] })).toEqual(['list', '1', 'deep']);
    expect(findControlCharacter({ 'ke\u0000y': 'value' })).toEqual(['ke\u0000y']);
  });

  it('refuses a body nested too deeply to walk with 400, not a crashed stack', async () => {
    const deep = `{"email":${'['.repeat(30_000)}${']'.repeat(30_000)}}`;
    const { status, body } = await post('/api/auth/reset', deep);
    expect(status).toBe(400);
    expect(body).toEqual({
      code: 'invalid_input',
      message: 'The request is nested too deeply (at most 32 levels).',
    });
  });
});

describe('bodies over the limit', () => {
  const megabyte = 'x'.repeat(1_000_000);
  const cases: Array<[string, string, Record<string, string>?]> = [
    ['/api/auth/login', JSON.stringify({ email: 'a@demo.test', password: megabyte })],
    ['/api/auth/reset', JSON.stringify({ email: `${megabyte}@demo.test` })],
    [
      '/api/auth/register',
      JSON.stringify({
        email: 'big@demo.test',
        password: 'Right-pass-1',
        firstName: megabyte,
        lastName: 'x',
      }),
    ],
    ['/api/invitations/details', JSON.stringify({ token: megabyte })],
    [
      '/api/actions/ping',
      action('ping', { message: megabyte }, 1),
      { 'x-actions-secret': TEST_ACTIONS_SECRET },
    ],
  ];

  it('answer 413 with a clear JSON message on every route, changing nothing', async () => {
    const before = await snapshot();
    for (const [path, body, headers] of cases) {
      const response = await post(path, body, headers);
      expect(response.status, path).toBe(413);
      const message = 'The request is too large (at most 64 kB). Shorten the text and try again.';
      if (path.startsWith('/api/actions/')) {
        expect(response.body).toEqual({ message, extensions: { code: 'payload_too_large' } });
      } else {
        expect(response.body).toEqual({ code: 'payload_too_large', message });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answer 413 for a body sent without a length (chunked), without dropping the connection', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ === 0) controller.enqueue(new TextEncoder().encode('{"email":"a@demo.test","password":"'));
        else if (sent < 18) controller.enqueue(chunk);
        else {
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
        }
      },
    });
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { code: string }).code).toBe('payload_too_large');
  });

  it('takes bodies up to the limit', async () => {
    expect(BODY_LIMIT_BYTES).toBe(64 * 1024);
    const { status } = await post(
      '/api/auth/login',
      JSON.stringify({ email: 'a@demo.test', password: 'x'.repeat(1000), pad: 'y'.repeat(60_000) }),
    );
    expect(status).toBe(401);
  });

  it('answers malformed JSON with 400 and a clear message', async () => {
    const { status, body } = await post('/api/auth/login', '{"email":');
    expect(status).toBe(400);
    expect(body).toEqual({ code: 'invalid_input', message: 'The request body is not valid JSON.' });
  });
});
