import {
  CONTACT_MESSAGES,
  canRemoveNominatedContact,
  fieldErrors,
  NOMINATED_CONTACTS,
  ZNominatedContactRequestSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { type Caller, requirePracticeFlag } from '../practices/practice-access.ts';

interface Person {
  first_name: string;
  last_name: string;
  email: string | null;
  user_id: number | null;
}

const failed = (fields?: Record<string, string>) =>
  new AppError('invalid_input', { message: CONTACT_MESSAGES.updateFailed, fields });

/**
 * `setNominatedContact(practiceId, kind, staffId | userId | neither, phone)` (spec 000 §4, §7
 * POST/PATCH web.accreditation with one nominated contact field): choosing a person saves that
 * person as a contact of the practice (or updates the phone when it is the same person), then
 * points the current accreditation's contact of that kind at it, in one transaction. Neither
 * person clears the contact, except the accreditation contact, which cannot be removed. Needs
 * practice.changePractice. Failures answer 'Error updating nominated contact'.
 */
export async function setNominatedContact(
  app: Pick<FastifyInstance, 'db'>,
  caller: Caller,
  input: Record<string, unknown>,
) {
  const parsed = ZNominatedContactRequestSchema.safeParse(input);
  if (!parsed.success) throw failed(fieldErrors(parsed.error));
  const request = parsed.data;
  await requirePracticeFlag(app.db, caller, request.practiceId, (f) => f.practice.changePractice);
  const column = sql.ident(NOMINATED_CONTACTS[request.kind].column);

  return app.db.transaction(async (tx) => {
    const accreditation = await tx.maybeOne<{ id: number; contact_id: number | null }>(sql`
      select a.id, a.${column} as contact_id from public.practices p
        join public.accreditations a on a.id = p.current_accreditation_id
       where p.organisation_id = ${request.practiceId}
       for update of a`);
    if (!accreditation) throw failed();

    if (!request.staffId && !request.userId) {
      if (!canRemoveNominatedContact(request.kind)) {
        throw new AppError('invalid_input', {
          message: CONTACT_MESSAGES.accreditationContactCannotBeRemoved,
        });
      }
      await tx.many(sql`update public.accreditations set ${column} = null where id = ${accreditation.id}`);
      return {
        accreditationId: accreditation.id,
        kind: request.kind,
        contactId: null,
        message: CONTACT_MESSAGES.updated,
      };
    }

    const person = request.staffId
      ? await tx.maybeOne<Person>(sql`
          select first_name, last_name, email::text as email, user_id from public.practice_staff
           where id = ${request.staffId} and practice_id = ${request.practiceId} and not archived`)
      : await tx.maybeOne<Person>(sql`
          select u.first_name, u.last_name, u.email::text as email, u.id as user_id from public.users u
           where u.id = ${request.userId} and exists (
             select 1 from public.practice_users pu
              where pu.user_id = u.id and pu.practice_id = ${request.practiceId} and pu.active)`);
    if (!person)
      throw failed({ [request.staffId ? 'staffId' : 'userId']: 'Choose a person of this practice.' });

    const current = accreditation.contact_id
      ? await tx.maybeOne<Person & { id: number }>(sql`
          select id, first_name, last_name, email::text as email, user_id from public.contacts
           where id = ${accreditation.contact_id} and not archived`)
      : undefined;
    const samePerson =
      current &&
      (person.user_id !== null
        ? current.user_id === person.user_id
        : current.user_id === null &&
          current.first_name === person.first_name &&
          current.last_name === person.last_name &&
          (current.email ?? '') === (person.email ?? ''));
    let contactId: number;
    if (samePerson) {
      contactId = current.id;
      await tx.many(sql`
        update public.contacts set phone = ${request.phone}, phone_country_code = ${request.phoneCountryCode}
         where id = ${contactId}`);
    } else {
      const row = await tx.one<{ id: number }>(sql`
        insert into public.contacts (practice_id, first_name, last_name, type, user_id, email, phone, phone_country_code)
        values (${request.practiceId}, ${person.first_name}, ${person.last_name}, ${request.kind},
                ${person.user_id}, ${person.email}, ${request.phone}, ${request.phoneCountryCode})
        returning id`);
      contactId = row.id;
      await tx.many(
        sql`update public.accreditations set ${column} = ${contactId} where id = ${accreditation.id}`,
      );
    }
    return {
      accreditationId: accreditation.id,
      kind: request.kind,
      contactId,
      message: CONTACT_MESSAGES.updated,
    };
  }, caller.actor);
}
