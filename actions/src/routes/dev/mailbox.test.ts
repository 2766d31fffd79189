import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test-support/factories.ts';
import { createTestContext, type TestContext } from '../../test-support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('GET /api/dev/mailbox', () => {
  it('lists outbox mail newest first, escaped, with clickable links', async () => {
    const user = await createUser(t.sql, { firstName: '<b>Eve</b>' });
    await t.sql.query(
      `insert into public.email_outbox (to_address, subject, text_body, created_at)
       values ('old@demo.test', 'Older mail', 'nothing', now() - interval '1 hour')`,
    );
    await t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { email: user.email } });
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html.indexOf('Reset your password')).toBeLessThan(html.indexOf('Older mail'));
    expect(html).toMatch(/<a href="http:\/\/portal\.test:3000\/Reset\?token=[\w-]+">/);
    expect(html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(html).not.toContain('<b>Eve</b>');
    expect(html).toContain(user.email);
  });

  it('is not served in production', async () => {
    const production = await createTestContext({ NODE_ENV: 'production' });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
