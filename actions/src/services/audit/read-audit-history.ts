import {
  AUDIT_MESSAGES,
  AUDIT_PAGE_SIZE,
  auditUserIds,
  canReadAuditTrail,
  displayName,
  type TAuditEntry,
  type TAuditOperation,
  type TAuditPage,
  type TAuditSubject,
} from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import type { Caller } from '../practices/practice-access.ts';

interface AuditRow {
  id: string;
  table_name: string;
  row_id: string | null;
  operation: TAuditOperation;
  old_data: Record<string, unknown> | null;
  new_data: Record<string, unknown> | null;
  changed_at: Date;
  changed_by_id: number | null;
  changed_by_role: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

/**
 * One page of a record's history, newest first (`AUDIT_PAGE_SIZE` entries from `offset`), for the
 * back office only (`canReadAuditTrail`). Reads `public.audit_history(subject, id)`, the same
 * function GraphQL serves to the QAM and provider admin roles, the acting user's name and the
 * names of the users the values name (`people`).
 */
export async function readAuditHistory(
  db: Queryable,
  caller: Caller,
  input: { subject: TAuditSubject; id: number; offset: number },
): Promise<TAuditPage> {
  if (!canReadAuditTrail(caller)) throw new AppError('forbidden', { message: AUDIT_MESSAGES.forbidden });
  const rows = await db.many<AuditRow>(sql`
    select a.id, a.table_name, a.row_id, a.operation, a.old_data, a.new_data, a.changed_at,
           a.changed_by_id, a.changed_by_role, u.first_name, u.last_name, u.email
      from public.audit_history(${input.subject}, ${input.id}) a
      left join public.users u on u.id = a.changed_by_id
     order by a.changed_at desc, a.id desc
     limit ${AUDIT_PAGE_SIZE + 1} offset ${input.offset}`);
  const entries = rows.slice(0, AUDIT_PAGE_SIZE).map(
    (row): TAuditEntry => ({
      id: Number(row.id),
      tableName: row.table_name,
      rowId: row.row_id,
      operation: row.operation,
      oldData: row.old_data,
      newData: row.new_data,
      changedAt: row.changed_at.toISOString(),
      changedById: row.changed_by_id,
      changedByRole: row.changed_by_role,
      changedByName:
        row.email === null
          ? null
          : displayName({ firstName: row.first_name ?? '', lastName: row.last_name ?? '', email: row.email }),
    }),
  );
  // The users the values name (a QAM, a verifier): their names, so the panel shows people, not ids.
  const ids = [...new Set(entries.flatMap(auditUserIds))];
  const named = ids.length
    ? await db.many<{ id: number; first_name: string | null; last_name: string | null; email: string }>(
        sql`select id, first_name, last_name, email from public.users where id = any(${ids}::int[])`,
      )
    : [];
  const people = Object.fromEntries(
    named.map((u) => [
      String(u.id),
      displayName({ firstName: u.first_name ?? '', lastName: u.last_name ?? '', email: u.email }),
    ]),
  );
  return { entries, hasMore: rows.length > AUDIT_PAGE_SIZE, people };
}
