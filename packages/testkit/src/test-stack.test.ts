import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './factories.ts';
import { pingAction } from './ping-action.ts';
import { startTestStack, type TestStack } from './test-stack.ts';

describe('test stack', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated', actions: [pingAction] });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('forwards a Hasura action from the engine to the actions service with the caller session', async () => {
    const user = await createUser(stack.sql);
    const result = await stack.gql<{ ping: { message: string; userId: string; role: string } }>(
      user,
      '{ ping(message: "hello") { message userId role } }',
    );
    expect(result).toEqual({ data: { ping: { message: 'hello', userId: String(user.id), role: 'user' } } });
  });

  it('refuses a request without a token as Hasura does in JWT mode with no unauthorized role', async () => {
    const response = await fetch(stack.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ ping { message } }' }),
    });
    const body = (await response.json()) as {
      errors: Array<{ message: string; extensions: { code: string } }>;
    };
    expect(body.errors[0]?.extensions.code).toBe('invalid-headers');
    expect(body.errors[0]?.message).toBe(
      "Missing 'Authorization' or 'Cookie' header in JWT authentication mode",
    );
  });
});
