import {
  canRecordPayment,
  owedPayment,
  PAYMENT_MESSAGES,
  STAND_IN_PAYMENT_METHOD,
  type TPaymentKind,
  type TPaymentMethod,
  type TRecordPayment,
  ZRecordPaymentSchema,
} from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Db, Queryable } from '../../plugins/app/db.ts';
import type { Caller } from './practice-access.ts';

/** The payment as it is kept; who recorded it (none for the gateway). */
interface Received {
  method: TPaymentMethod;
  reference: string | null;
  receivedOn: string | null;
  recordedById: number | null;
}

/** The audit log's actor of a payment the gateway completed (no user makes it). */
const GATEWAY_SESSION = { 'x-hasura-role': 'payment_gateway' };

/**
 * Records a payment received and moves the practice on, in one transaction (docs/decisions/
 * practices-and-staff.md, "Payments"): the practice row is locked, what it owes read again
 * (`owedPayment`: a renewal PAYMENT_PENDING, else the application), then a renewal becomes
 * COMPLETED (and the practice shows the renewal payment message, spec 000 §2), or a new
 * application's practice becomes IN_PROGRESS: its cycle starts. A practice that owes nothing is
 * refused and nothing changes. The payment row and each change are in the audit log.
 */
async function applyPayment(tx: Queryable, practiceId: number, received: Received) {
  const practice = await tx.maybeOne<{ status: string; reapplication_id: number | null }>(sql`
    select p.status,
           (select r.id from public.reapplications r
             where r.practice_id = p.organisation_id and r.status = 'PAYMENT_PENDING'
             order by r.id limit 1) as reapplication_id
      from public.practices p
     where p.organisation_id = ${practiceId}
     for update of p`);
  if (!practice) throw new AppError('not_found', { message: 'There is no such practice.' });
  const kind = owedPayment({
    status: practice.status,
    reapplications: practice.reapplication_id ? [{ status: 'PAYMENT_PENDING' }] : [],
  });
  if (!kind) throw new AppError('invalid_input', { message: PAYMENT_MESSAGES.nothingOwed });
  if (kind === 'RENEWAL') {
    await tx.many(sql`
      update public.reapplications set status = 'COMPLETED'
       where id = ${practice.reapplication_id} and status = 'PAYMENT_PENDING'`);
    await tx.many(sql`
      update public.practices set show_message_after_renewal_payment = true
       where organisation_id = ${practiceId}`);
  } else {
    await tx.many(sql`
      update public.practices set status = 'IN_PROGRESS'
       where organisation_id = ${practiceId} and status = 'PAYMENT_PENDING'`);
  }
  const row = await tx.one<{ id: number }>(sql`
    insert into public.payments (practice_id, reapplication_id, kind, method, reference, received_on, recorded_by_id)
    values (${practiceId}, ${kind === 'RENEWAL' ? practice.reapplication_id : null}, ${kind}, ${received.method},
            ${received.reference}, coalesce(${received.receivedOn}::date, public.portal_today()), ${received.recordedById})
    returning id`);
  return { paymentId: row.id, practiceId, kind, message: PAYMENT_MESSAGES.recorded(kind) };
}

/**
 * `recordPayment(practiceId, payment)`: a provider admin records a payment received another way
 * (a bank transfer, a cheque), with its reference and the day it arrived.
 */
export async function recordPayment(
  db: Db,
  caller: Caller,
  input: { practiceId: number; payment: unknown },
): Promise<{ paymentId: number; practiceId: number; kind: TPaymentKind; message: string }> {
  if (!canRecordPayment(caller.backOfficeRole))
    throw new AppError('forbidden', { message: PAYMENT_MESSAGES.notAllowed });
  const payment: TRecordPayment = ZRecordPaymentSchema.parse(input.payment);
  return db.transaction(
    (tx) =>
      applyPayment(tx, input.practiceId, {
        method: payment.method,
        reference: payment.reference,
        receivedOn: payment.receivedOn,
        recordedById: caller.userId,
      }),
    caller.actor,
  );
}

/** The development payment stand-in completes the gateway's payment of what the practice owes. */
export async function completeStandInPayment(db: Db, practiceId: number) {
  return db.transaction(async (tx) => {
    await tx.many(sql`select set_config('hasura.user', ${JSON.stringify(GATEWAY_SESSION)}, true)`);
    return applyPayment(tx, practiceId, {
      method: STAND_IN_PAYMENT_METHOD,
      reference: null,
      receivedOn: null,
      recordedById: null,
    });
  });
}
