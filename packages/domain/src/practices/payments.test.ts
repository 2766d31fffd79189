import { describe, expect, it } from 'vitest';
import { addDaysToWireDate, portalToday } from '../constants/dates.ts';
import { canRecordPayment, owedPayment, PAYMENT_MESSAGES, ZRecordPaymentSchema } from './payments.ts';

describe('payments', () => {
  it('spec 000 §4: a practice owes the renewal fee first, else the application fee, else nothing', () => {
    expect(owedPayment({ status: 'PAYMENT_PENDING' })).toBe('APPLICATION');
    expect(owedPayment({ status: 'ACCREDITED', reapplications: [{ status: 'PAYMENT_PENDING' }] })).toBe(
      'RENEWAL',
    );
    expect(owedPayment({ status: 'ACCREDITED', reapplications: [{ status: 'DUE' }] })).toBeNull();
    expect(owedPayment({ status: 'IN_PROGRESS' })).toBeNull();
  });

  it('is recorded by a provider admin only', () => {
    expect(canRecordPayment('provider_admin')).toBe(true);
    expect(canRecordPayment('qam')).toBe(false);
    expect(canRecordPayment(null)).toBe(false);
  });

  it('needs a method, a one-line reference and a day received not in the future', () => {
    const today = portalToday();
    expect(
      ZRecordPaymentSchema.parse({ method: 'BANK_TRANSFER', reference: ' TX-1 ', receivedOn: today }),
    ).toEqual({
      method: 'BANK_TRANSFER',
      reference: 'TX-1',
      receivedOn: today,
    });
    const problems = (input: unknown) =>
      ZRecordPaymentSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(problems({ method: 'CASH', reference: '', receivedOn: '2026-02-30' })).toEqual([
      PAYMENT_MESSAGES.method,
      PAYMENT_MESSAGES.reference,
      PAYMENT_MESSAGES.receivedOn,
    ]);
    expect(problems({ method: 'OTHER', reference: 'a\nb', receivedOn: addDaysToWireDate(today, 1) })).toEqual(
      [PAYMENT_MESSAGES.referenceCharacters, PAYMENT_MESSAGES.receivedInFuture],
    );
    expect(problems({ method: 'OTHER', reference: 'x'.repeat(101), receivedOn: today })).toEqual([
      PAYMENT_MESSAGES.referenceLength,
    ]);
  });
});
