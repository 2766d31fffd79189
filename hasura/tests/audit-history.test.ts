import { insert, makeAccreditation, makeAssessment, makePractice } from '@portal/testkit/database-rows';
import { describe, expect, it } from 'vitest';
import { useTestDb } from './db.ts';

// public.audit_history(subject, id): which audit_log rows make each record's history, and that a
// record's page is read through indexes on a log of a few hundred thousand rows.

/** Every 'Node Type Relation Name' of an EXPLAIN (FORMAT JSON) plan. */
function scansOf(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(scansOf);
  if (!node || typeof node !== 'object') return [];
  const n = node as Record<string, unknown>;
  const own = typeof n['Relation Name'] === 'string' ? [`${n['Node Type']} ${n['Relation Name']}`] : [];
  return [...own, ...scansOf(n.Plan ?? []), ...scansOf(n.Plans ?? [])];
}

describe('audit_history', () => {
  const t = useTestDb('migrated');

  it("gathers a practice's practices, organisations, address and accreditation rows, and only its own", async () => {
    const { db } = t;
    const practice = await makePractice(db);
    const other = await makePractice(db);
    const id = practice.organisation_id as number;
    const address = await insert(db, 'addresses', { suburb: 'Bayside' });
    await db.q('update organisations set physical_address_id = $2 where id = $1', [id, address.id]);
    await db.q("update addresses set suburb = 'Seaside' where id = $1", [address.id]);
    const cycle = await makeAccreditation(db, id);
    await makeAccreditation(db, other.organisation_id);
    const rows = await db.q<{ table_name: string; operation: string; row_id: string }>(
      "select table_name, operation, row_id from audit_history('practice', $1) order by id",
      [id],
    );
    // By hand: organisations INSERT, practices INSERT, addresses INSERT, organisations UPDATE
    // (address), addresses UPDATE (suburb), accreditations INSERT, practices UPDATE (current cycle).
    expect(rows.map((r) => `${r.table_name} ${r.operation}`)).toEqual([
      'organisations INSERT',
      'practices INSERT',
      'addresses INSERT',
      'organisations UPDATE',
      'addresses UPDATE',
      'accreditations INSERT',
      'practices UPDATE',
    ]);
    expect(rows.find((r) => r.table_name === 'accreditations')!.row_id).toBe(String(cycle.id));
  });

  it("gathers an assessment's row and its status changes, and nothing for an unknown subject", async () => {
    const { db } = t;
    const { assessment } = await makeAssessment(db);
    await insert(db, 'assessment_status_changes', {
      assessment_id: assessment.id,
      from_status: 'IN_PROGRESS',
      to_status: 'UNDER_REVIEW',
    });
    const rows = await db.q<{ table_name: string }>(
      "select table_name from audit_history('assessment', $1) order by id",
      [assessment.id],
    );
    expect(rows.map((r) => r.table_name)).toEqual(['assessments', 'assessment_status_changes']);
    expect(await db.q("select 1 from audit_history('customers', $1)", [assessment.id])).toEqual([]);
  });

  it("reads one record's page through indexes on a log of 300,000 rows", async () => {
    const { db } = t;
    const practice = await makePractice(db);
    const id = practice.organisation_id as number;
    await makeAccreditation(db, id);
    // Other records' history: 300,000 rows over the audited tables, written by hand. The log takes
    // rows only from its trigger (append-only), so the database's owner turns the guard off for
    // this one transaction, as only the owner can.
    await db.q('begin');
    await db.q('alter table audit_log disable trigger audit_log_append_only');
    await db.q(`
      insert into audit_log (table_name, row_id, operation, new_data, changed_at)
      select (array['practices', 'organisations', 'addresses', 'accreditations', 'practice_staff',
                    'assessments', 'indicator_responses'])[1 + n % 7],
             (1000000 + n / 7)::text, 'UPDATE', jsonb_build_object('n', n), now() - n * interval '1 second'
        from generate_series(1, 300000) n`);
    await db.q('alter table audit_log enable trigger audit_log_append_only');
    await db.q('commit');
    await db.q('analyze audit_log');
    for (const [subject, subjectId] of [
      ['practice', id],
      ['staff', 1000001],
      ['assessment', 1000002],
      ['response', 1000003],
    ] as const) {
      const [plan] = await db.q<{ 'QUERY PLAN': unknown }>(
        `explain (analyze, format json)
         select * from audit_history($1, $2) order by changed_at desc, id desc limit 21`,
        [subject, subjectId],
      );
      const text = JSON.stringify(plan!['QUERY PLAN']);
      expect(scansOf(plan!['QUERY PLAN']), subject).not.toContain('Seq Scan audit_log');
      expect(text, subject).toContain('audit_log_table_row_idx');
      const ms = (plan!['QUERY PLAN'] as Array<{ 'Execution Time': number }>)[0]!['Execution Time'];
      expect(ms, subject).toBeLessThan(50);
    }
  }, 60_000);
});
