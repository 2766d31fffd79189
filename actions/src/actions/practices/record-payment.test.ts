import { portalToday } from '@portal/domain';
import {
  createManagedPractice,
  createPractice,
  createReapplication,
  createUser,
  dayFromToday,
  type TestUser,
} from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const RECORD = `mutation Record($practiceId: Int!, $payment: jsonb!) {
  recordPayment(practiceId: $practiceId, payment: $payment) { paymentId practiceId kind message }
}`;
const PAID = { method: 'BANK_TRANSFER', reference: 'EFT 20260412-88', receivedOn: portalToday() };

describe('recordPayment (a payment received another way)', () => {
  let stack: TestStack;
  let admin: TestUser;
  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated' });
    admin = await createUser(stack.sql, { isAdmin: true });
  });
  afterAll(async () => {
    await stack?.close();
  });
  const statusOf = async (practiceId: number) =>
    (await stack.sql.query('select status from practices where organisation_id = $1', [practiceId])).rows[0]
      .status;

  it("spec 000 §4: a provider admin's bank transfer starts a payment-pending application's cycle, audited", async () => {
    const practice = await createPractice(stack.sql, { practice: { status: 'PAYMENT_PENDING' } });
    const answer = await stack.gql<{ recordPayment: Record<string, unknown> }>(admin, RECORD, {
      practiceId: practice.id,
      payment: PAID,
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.recordPayment).toMatchObject({
      practiceId: practice.id,
      kind: 'APPLICATION',
      message: 'Payment recorded: the application fee is paid and the accreditation is in progress.',
    });
    expect(await statusOf(practice.id)).toBe('IN_PROGRESS');
    const { rows } = await stack.sql.query(
      `select kind, method, reference, received_on::text, recorded_by_id from payments where practice_id = $1`,
      [practice.id],
    );
    expect(rows).toEqual([
      {
        kind: 'APPLICATION',
        method: 'BANK_TRANSFER',
        reference: 'EFT 20260412-88',
        received_on: portalToday(),
        recorded_by_id: admin.id,
      },
    ]);
    const audit = await stack.sql.query(
      `select table_name, changed_by_id from audit_log
        where ((table_name = 'practices' and operation = 'UPDATE' and row_id = $1::text)
               or (table_name = 'payments' and row_id = $2::text))
        order by id`,
      [practice.id, answer.data!.recordPayment.paymentId],
    );
    expect(audit.rows).toEqual([
      { table_name: 'practices', changed_by_id: admin.id },
      { table_name: 'payments', changed_by_id: admin.id },
    ]);
    // Paid once: a second record is refused and changes nothing.
    const again = await stack.gql(admin, RECORD, { practiceId: practice.id, payment: PAID });
    expect(again.errors?.[0]?.message).toBe('This practice has no payment pending.');
    expect(
      (await stack.sql.query('select 1 from payments where practice_id = $1', [practice.id])).rowCount,
    ).toBe(1);
  });

  it('completes a renewal awaiting payment and shows the renewal payment message', async () => {
    const practice = await createPractice(stack.sql, { practice: { status: 'ACCREDITED' } });
    const renewal = await createReapplication(stack.sql, practice.id, {
      status: 'PAYMENT_PENDING',
      due_date: dayFromToday(20),
    });
    const answer = await stack.gql<{ recordPayment: { kind: string } }>(admin, RECORD, {
      practiceId: practice.id,
      payment: { ...PAID, method: 'CHEQUE' },
    });
    expect(answer.data?.recordPayment.kind).toBe('RENEWAL');
    const { rows } = await stack.sql.query(
      `select r.status, p.status as practice_status, p.show_message_after_renewal_payment as message
         from reapplications r join practices p on p.organisation_id = r.practice_id where r.id = $1`,
      [renewal.id],
    );
    expect(rows).toEqual([{ status: 'COMPLETED', practice_status: 'ACCREDITED', message: true }]);
  });

  it('is refused to everyone else, and for bad input, changing nothing', async () => {
    const { pm, ...practice } = await createManagedPractice(stack.sql, {
      practice: { status: 'PAYMENT_PENDING' },
    });
    const qam = await createUser(stack.sql, { isQam: true });
    for (const who of [pm, qam]) {
      const refused = await stack.gql(who, RECORD, { practiceId: practice.id, payment: PAID });
      expect(refused.errors?.[0]?.message).toBe('Only a provider admin can record a payment.');
    }
    const bad = await stack.gql(admin, RECORD, {
      practiceId: practice.id,
      payment: { method: 'CASH', reference: 'a\u0000b', receivedOn: dayFromToday(1) },
    });
    expect(bad.errors?.[0]?.extensions?.code).toBe('invalid_input');
    const unknown = await stack.gql(admin, RECORD, { practiceId: 99_999_999, payment: PAID });
    expect(unknown.errors?.[0]?.message).toBe('There is no such practice.');
    expect(await statusOf(practice.id)).toBe('PAYMENT_PENDING');
    expect(
      (await stack.sql.query('select 1 from payments where practice_id = $1', [practice.id])).rowCount,
    ).toBe(0);
  });
});
