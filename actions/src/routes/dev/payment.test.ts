import { createManagedPractice } from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const KEY = 'the-dev-pages-key-0123456789';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated', env: { DEV_PAGES_KEY: KEY } });
});
afterAll(() => stack?.close());

describe('the payment stand-in outside production', () => {
  it('is where the payment redirect of a payment-pending practice leads, and names what is owed', async () => {
    const practice = await createManagedPractice(stack.sql, { practice: { status: 'PAYMENT_PENDING' } });
    const result = await stack.gql<{ practicePaymentUrl: { url: string } }>(
      practice.pm,
      'query ($id: Int!) { practicePaymentUrl(practiceId: $id) { url } }',
      { id: practice.id },
    );
    const url = new URL(result.data!.practicePaymentUrl.url);
    expect(url.pathname).toBe(`/api/dev/payment/${practice.id}`);

    const page = await fetch(`${stack.actionsUrl}/dev/payment/${practice.id}`, {
      headers: { 'x-dev-key': KEY },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain(`<h1>Payment for ${practice.name}</h1>`);
    expect(html).toContain('owes the application fee');
    expect(html).toContain(`/api/auth/handoff?url=${encodeURIComponent('/Practice/List')}`);
  });

  it('spec 000 §4: completes the payment as the gateway would, so the cycle starts; once', async () => {
    const practice = await createManagedPractice(stack.sql, { practice: { status: 'PAYMENT_PENDING' } });
    const pay = () =>
      fetch(`${stack.actionsUrl}/dev/payment/${practice.id}`, {
        method: 'POST',
        headers: { 'x-dev-key': KEY, 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
        redirect: 'manual',
      });
    const page = await fetch(`${stack.actionsUrl}/dev/payment/${practice.id}`, {
      headers: { 'x-dev-key': KEY },
    });
    expect(await page.text()).toContain('Complete the payment (test)</button>');
    const paid = await pay();
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `http://portal.test:3000/api/auth/handoff?url=${encodeURIComponent(`/PracticeOverview/${practice.id}/Staff`)}`,
    );
    const { rows } = await stack.sql.query(
      `select p.status, y.kind, y.method, y.recorded_by_id,
              (select changed_by_role from audit_log where table_name = 'payments' and row_id = y.id::text) as audited_as
         from practices p join payments y on y.practice_id = p.organisation_id where p.organisation_id = $1`,
      [practice.id],
    );
    expect(rows).toEqual([
      {
        status: 'IN_PROGRESS',
        kind: 'APPLICATION',
        method: 'PAYMENT_STAND_IN',
        recorded_by_id: null,
        audited_as: 'payment_gateway',
      },
    ]);
    const again = await pay();
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('This practice has no payment pending.');
    const without = await fetch(`${stack.actionsUrl}/dev/payment/${practice.id}`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(without.status).toBe(401);
  });

  it('answers 404 for an unknown practice', async () => {
    const page = await fetch(`${stack.actionsUrl}/dev/payment/999999`, { headers: { 'x-dev-key': KEY } });
    expect(page.status).toBe(404);
  });

  it('shows nothing of the practice without the key, even to its signed-in manager', async () => {
    const practice = await createManagedPractice(stack.sql, { practice: { status: 'PAYMENT_PENDING' } });
    const token = await stack.tokenFor(practice.pm.email, practice.pm.password);
    const url = `${stack.actionsUrl}/dev/payment/${practice.id}`;
    const attempts = [
      await fetch(url),
      await fetch(url, { headers: { authorization: `Bearer ${token}` } }),
      await fetch(url, { headers: { 'x-dev-key': 'not-the-key-0123456789' } }),
      await fetch(`${url}?key=${KEY}`),
      await fetch(url, { headers: { cookie: `portal_dev=${KEY}` } }),
      await fetch(`${stack.actionsUrl}/dev/payment/999999`),
    ];
    for (const page of attempts) {
      expect(page.status).toBe(401);
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      const html = await page.text();
      expect(html).not.toContain(practice.name);
      expect(html).not.toMatch(/owes|PAYMENT_PENDING|There is no practice/);
    }
  });
});
