import { z } from 'zod';
import { isWireDate, portalToday } from '../constants/dates.ts';
import type { TBackOfficeRole } from '../permissions/permission-flags.ts';
import { isOneLineText } from '../validation/control-characters.ts';

/**
 * Payments received (docs/decisions/practices-and-staff.md, "Payments"). A practice waiting for a
 * payment (spec 000 §4: a new application PAYMENT_PENDING, or a renewal PAYMENT_PENDING) moves on
 * when the payment is recorded: through the payment gateway (the development stand-in completes
 * one), or by a provider admin for a payment received another way (a bank transfer).
 */

/** What a payment pays for. */
export type TPaymentKind = 'APPLICATION' | 'RENEWAL';

/** How a payment recorded by a provider admin was received. */
export const RECORDED_PAYMENT_METHODS = ['BANK_TRANSFER', 'CHEQUE', 'OTHER'] as const;
export type TRecordedPaymentMethod = (typeof RECORDED_PAYMENT_METHODS)[number];
/** The method of a payment the development stand-in completed. */
export const STAND_IN_PAYMENT_METHOD = 'PAYMENT_STAND_IN';
export type TPaymentMethod = TRecordedPaymentMethod | typeof STAND_IN_PAYMENT_METHOD;

export const PAYMENT_METHOD_LABELS: Record<TPaymentMethod, string> = {
  BANK_TRANSFER: 'Bank transfer',
  CHEQUE: 'Cheque',
  OTHER: 'Other',
  PAYMENT_STAND_IN: 'Payment stand-in (development)',
};

export const PAYMENT_MESSAGES = {
  nothingOwed: 'This practice has no payment pending.',
  notAllowed: 'Only a provider admin can record a payment.',
  method: 'Choose how the payment was received.',
  reference: 'Enter the payment reference (for example the bank transfer reference).',
  referenceLength: 'The reference can be at most 100 characters.',
  referenceCharacters: 'The reference must be one line of text.',
  receivedOn: 'Enter the day the payment was received as YYYY-MM-DD.',
  receivedInFuture: 'The day the payment was received cannot be in the future.',
  recorded: (kind: TPaymentKind) =>
    kind === 'APPLICATION'
      ? 'Payment recorded: the application fee is paid and the accreditation is in progress.'
      : 'Payment recorded: the renewal fee is paid.',
} as const;

/**
 * What a payment pays: the renewal when one awaits payment, else the application when the
 * practice awaits payment, else nothing (the order of the payment page, `practicePaymentUrl`).
 */
export function owedPayment(practice: {
  status: string;
  reapplications?: readonly { status: string }[];
}): TPaymentKind | null {
  if ((practice.reapplications ?? []).some((r) => r.status === 'PAYMENT_PENDING')) return 'RENEWAL';
  return practice.status === 'PAYMENT_PENDING' ? 'APPLICATION' : null;
}

/** Who records a payment received outside the gateway: the provider admin (the provider's accounts). */
export function canRecordPayment(backOfficeRole: TBackOfficeRole | null): boolean {
  return backOfficeRole === 'provider_admin';
}

/** A payment received another way, as the provider admin records it. */
export const ZRecordPaymentSchema = z.object({
  method: z.enum(RECORDED_PAYMENT_METHODS, { error: PAYMENT_MESSAGES.method }),
  reference: z
    .string({ error: PAYMENT_MESSAGES.reference })
    .trim()
    .min(1, PAYMENT_MESSAGES.reference)
    .max(100, PAYMENT_MESSAGES.referenceLength)
    .refine(isOneLineText, PAYMENT_MESSAGES.referenceCharacters),
  receivedOn: z
    .string({ error: PAYMENT_MESSAGES.receivedOn })
    .refine(isWireDate, PAYMENT_MESSAGES.receivedOn)
    .refine((day) => day <= portalToday(), PAYMENT_MESSAGES.receivedInFuture),
});
export type TRecordPayment = z.infer<typeof ZRecordPaymentSchema>;
