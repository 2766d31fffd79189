import { STAFF_DOCUMENT_FIELDS, type TStaffMember, toSnakeCase, ZStaffMemberSchema } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import { type Caller, requirePracticeFlag } from '../practices/practice-access.ts';
import { staffSaveError, staffSaveErrorFromZod } from './staff-errors.ts';

/** Columns written from the form, in one place so insert and update agree. */
function detailColumns(staff: TStaffMember): Array<[string, unknown]> {
  return [
    ['title', staff.title],
    ['first_name', staff.firstName],
    ['last_name', staff.lastName],
    ['type', staff.type],
    ['registration_num', staff.registrationNum],
    ['employment_type', staff.employmentType],
    ['start_date', staff.startDate],
    ['employment_status', staff.employmentStatus],
    ['resignation_date', staff.resignationDate],
    ['email', staff.email],
    ['vr_status', staff.vrStatus],
    ['hours_per_week', staff.hoursPerWeek],
    ['cpr_expiry', staff.cprExpiry],
    ['qicpd', staff.qicpd],
    ['qa_cpd_num', staff.qaCpdNum],
    ['fte_band', staff.fteBand],
    ['phone', staff.phone],
    ['phone_country_code', staff.phoneCountryCode],
    ['active', staff.active],
    // Document fields are written only when sent (spec 000 §5): absent keeps what is there.
    ...STAFF_DOCUMENT_FIELDS.filter((field) => staff[field] !== undefined).map((field): [string, unknown] => [
      toSnakeCase(field),
      staff[field] ?? null,
    ]),
  ];
}

const ident = (name: string) => {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`not a column: ${name}`);
  return sql.ident(name);
};

/** Every document sent must be a live document of the same practice. */
async function checkDocuments(tx: Queryable, practiceId: number, staff: TStaffMember) {
  for (const field of STAFF_DOCUMENT_FIELDS) {
    const id = staff[field];
    if (id === undefined || id === null) continue;
    const document = await tx.maybeOne(sql`
      select 1 from public.documents where id = ${id} and practice_id = ${practiceId} and not archived`);
    if (!document) throw staffSaveError({ [toSnakeCase(field)]: 'Unknown document' });
  }
}

/**
 * `saveStaffMember(practiceId, staff)`: adds or changes one row of a practice's staff register
 * (spec 000 §7 POST/PATCH web.practicestaff). The row is checked with the form's own schema;
 * a bad field is refused with the spec's message and changes nothing. Needs
 * practiceStaff.changeStaff. Verification is not changed here (see `verifyStaffMember`).
 */
export async function saveStaffMember(
  app: Pick<FastifyInstance, 'db'>,
  caller: Caller,
  input: { practiceId: number; staff: unknown },
) {
  await requirePracticeFlag(app.db, caller, input.practiceId, (f) => f.practiceStaff.changeStaff);
  const parsed = ZStaffMemberSchema.safeParse(input.staff);
  if (!parsed.success) throw staffSaveErrorFromZod(parsed.error);
  const staff = parsed.data;

  const id = await app.db
    .transaction(async (tx) => {
      await checkDocuments(tx, input.practiceId, staff);
      const columns = detailColumns(staff);
      if (staff.id === null) {
        const names = columns.map(([name]) => ident(name));
        const row = await tx.one<{ id: number }>(sql`
        insert into public.practice_staff (practice_id, ${sql.join(names)})
        values (${input.practiceId}, ${sql.join(columns.map(([, value]) => value))})
        returning id`);
        return row.id;
      }
      const existing = await tx.maybeOne<{ id: number }>(sql`
      select id from public.practice_staff
       where id = ${staff.id} and practice_id = ${input.practiceId} and not archived
       for update`);
      if (!existing) throw new AppError('not_found', { message: 'There is no such staff member.' });
      await tx.many(sql`
      update public.practice_staff
         set ${sql.join(columns.map(([name, value]) => sql`${ident(name)} = ${value}`))}
       where id = ${staff.id}`);
      return staff.id;
    }, caller.actor)
    .catch((error: { code?: string }) => {
      // A rule only the database knows (a check or a reference): refused as a whole.
      if (typeof error.code === 'string' && /^(23|22)/.test(error.code)) throw staffSaveError({});
      throw error;
    });
  return { id, created: staff.id === null };
}
