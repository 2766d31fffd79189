import { createManagedPractice, createUser, providerFolder } from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CONFIG_MAX_AGE_SECONDS } from './index.ts';

const CREATE = `mutation Create($practiceId: Int!, $name: String!, $contentType: String!, $size: Float!, $folderCode: String) {
  createDocument(practiceId: $practiceId, name: $name, contentType: $contentType, size: $size, folderCode: $folderCode) {
    documentId maxFileSizeMb } }`;

/** The service started with a limit other than the default, as an operator would set it. */
describe('GET /api/config, on the real service with MAX_FILE_SIZE_MB=3 and ASSESSMENT_BULK_TOOLS=true', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      template: 'migrated',
      s3: true,
      env: { MAX_FILE_SIZE_MB: '3', ASSESSMENT_BULK_TOOLS: 'true' },
    });
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('answers the configured upload limit to anyone, cacheable, over HTTP', async () => {
    const response = await fetch(`${stack.actionsUrl}/config`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe(`public, max-age=${PUBLIC_CONFIG_MAX_AGE_SECONDS}`);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.json()).toEqual({ maxFileSizeMb: 3, bulkTools: true });
  });

  it('answers the same with a (even an invalid) bearer token: nothing depends on who asks', async () => {
    const user = await createUser(stack.sql);
    const signedIn = await fetch(`${stack.actionsUrl}/config`, {
      headers: { authorization: `Bearer ${await stack.tokenFor(user.email, user.password)}` },
    });
    const bogus = await fetch(`${stack.actionsUrl}/config`, { headers: { authorization: 'Bearer nope' } });
    expect([signedIn.status, bogus.status]).toEqual([200, 200]);
    expect(await signedIn.json()).toEqual({ maxFileSizeMb: 3, bulkTools: true });
    expect(await bogus.json()).toEqual({ maxFileSizeMb: 3, bulkTools: true });
  });

  it('is the limit createDocument enforces', async () => {
    const { maxFileSizeMb } = (await (await fetch(`${stack.actionsUrl}/config`)).json()) as {
      maxFileSizeMb: number;
    };
    const { id: practiceId, pm } = await createManagedPractice(stack.sql);
    await providerFolder(stack.sql, 'GENERAL');
    const ask = (size: number) =>
      stack.gql<{ createDocument: { documentId: number; maxFileSizeMb: number } }>(pm, CREATE, {
        practiceId,
        name: 'Policy.pdf',
        contentType: 'application/pdf',
        size,
        folderCode: 'GENERAL',
      });
    const over = await ask(maxFileSizeMb * 1_000_000 + 1);
    expect(over.errors?.[0]?.message).toBe('File size exceeded 3MB');
    const within = await ask(maxFileSizeMb * 1_000_000);
    expect(within.errors).toBeUndefined();
    expect(within.data?.createDocument.maxFileSizeMb).toBe(maxFileSizeMb);
  });

  it('only answers GET', async () => {
    const response = await fetch(`${stack.actionsUrl}/config`, { method: 'POST' });
    expect(response.status).toBe(404);
  });
});
