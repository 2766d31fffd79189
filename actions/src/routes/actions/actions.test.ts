import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pingAction } from '@portal/testkit/ping-action';
import { createTestContext, TEST_ACTIONS_SECRET, type TestContext } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_HANDLERS } from '../../actions/registry.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({}, { actions: [pingAction] });
});
afterAll(() => t.close());

const payload = (name: string, input: unknown = {}) => ({
  action: { name },
  input,
  session_variables: { 'X-Hasura-User-Id': '42', 'x-hasura-role': 'user' },
  request_query: 'mutation { ping { message } }',
});
const call = (name: string, body: unknown, secret: string | null = TEST_ACTIONS_SECRET) =>
  t.app.inject({
    method: 'POST',
    url: `/api/actions/${name}`,
    headers: secret === null ? {} : { 'x-actions-secret': secret },
    payload: body as Record<string, unknown>,
  });

describe('POST /api/actions/:name', () => {
  it('dispatches to the handler with the input and the session variables', async () => {
    const response = await call('ping', payload('ping', { message: 'hello' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'hello', userId: '42', role: 'user' });
  });

  it('refuses a missing or wrong secret with 401 in the Hasura error format', async () => {
    for (const secret of [null, '', 'wrong', `${TEST_ACTIONS_SECRET}x`, TEST_ACTIONS_SECRET.slice(0, -1)]) {
      const response = await call('ping', payload('ping'), secret);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: 'The actions secret is missing or wrong.',
        extensions: { code: 'unauthorized' },
      });
    }
  });

  it('answers bad payloads, bad input and unknown actions with 400 {message, extensions}', async () => {
    const malformed = await call('ping', { nothing: true });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ extensions: { code: 'invalid_input' } });

    const badInput = await call('ping', payload('ping', { message: 'x'.repeat(201) }));
    expect(badInput.statusCode).toBe(400);
    expect(badInput.json()).toMatchObject({
      extensions: { code: 'invalid_input', fields: { message: expect.any(String) } },
    });

    const unknown = await call('nope', payload('nope'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      message: 'There is no action nope.',
      extensions: { code: 'not_found' },
    });

    const mismatch = await call('ping', payload('other'));
    expect(mismatch.statusCode).toBe(400);
  });

  it('keeps the test-only ping out of production: neither the registry nor the metadata has it', () => {
    expect(ACTION_HANDLERS.has('ping')).toBe(false);
    const metadata = path.resolve(import.meta.dirname, '../../../../hasura/metadata');
    expect(readFileSync(path.join(metadata, 'actions.yaml'), 'utf8')).not.toMatch(/name: ping\b|PingOutput/);
    expect(readFileSync(path.join(metadata, 'actions.graphql'), 'utf8')).not.toMatch(/\bping\(|PingOutput/);
  });
});
