import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../test-support/test-stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.close());

describe('the payment stand-in outside production', () => {
  it('is where the payment redirect of a payment-pending practice leads, and names what is owed', async () => {
    const { rows } = await stack.sql.query<{ id: number; name: string }>(
      `select p.organisation_id as id, o.name from practices p join organisations o on o.id = p.organisation_id
        where p.status = 'PAYMENT_PENDING' order by p.organisation_id limit 1`,
    );
    const practice = rows[0]!;
    const { rows: managers } = await stack.sql.query<{ email: string }>(
      `select u.email from practice_users pu join users u on u.id = pu.user_id
        where pu.practice_id = $1 and pu.role = 'PM' limit 1`,
      [practice.id],
    );
    const result = await stack.gql<{ practicePaymentUrl: { url: string } }>(
      managers[0]!.email,
      'query ($id: Int!) { practicePaymentUrl(practiceId: $id) { url } }',
      { id: practice.id },
    );
    const url = new URL(result.data!.practicePaymentUrl.url);
    expect(url.pathname).toBe(`/api/dev/payment/${practice.id}`);

    const page = await fetch(`${stack.actionsUrl}/dev/payment/${practice.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<h1>Payment for ${practice.name}</h1>`);
    expect(html).toContain('owes the application fee');
    expect(html).toContain('/Practice/List');
  });

  it('answers 404 for an unknown practice', async () => {
    const page = await fetch(`${stack.actionsUrl}/dev/payment/999999`);
    expect(page.status).toBe(404);
  });
});
