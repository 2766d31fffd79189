import { scryptSync, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import { applySeeds, loadProject } from '@portal/engine';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.ts';

const project = loadProject(path.resolve(import.meta.dirname, '../../hasura'));

/**
 * Recomputes an `scrypt$N$r$p$salt$key` hash (base64url salt and key) for `password` and
 * compares it with the stored key. This is how the seeds' embedded demo hash is proven to be
 * the hash of `Demo-pass-1`.
 */
export function verifyScryptHash(password: string, stored: string): boolean {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(key, 'base64url');
  const actual = scryptSync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Row count and a content digest of every table in `public` (and the audit log). */
async function snapshot(client: pg.Client): Promise<Record<string, string>> {
  const tables = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const r = await client.query<{ n: string; digest: string | null }>(
      `select count(*)::text as n, md5(string_agg(t::text, '|' order by t::text)) as digest from public.${name} t`,
    );
    out[name] = `${r.rows[0]!.n}:${r.rows[0]!.digest ?? ''}`;
  }
  const seqs = await client.query<{ name: string; last: string }>(
    `select sequencename as name, coalesce(last_value, 0)::text as last from pg_sequences where schemaname = 'public'`,
  );
  for (const s of seqs.rows) out[`seq:${s.name}`] = s.last;
  return out;
}

/** Practice ids in each state of the practice list, from the rules of spec 000 §2–§4 and §9. */
export const PRACTICE_STATE_QUERIES: Record<string, string> = {
  // The current cycle is open.
  cycleOpen: `select p.organisation_id from practices p join accreditations a on a.id = p.current_accreditation_id
               where a.status = 'OPEN' and not a.archived`,
  // An open cycle with a self assessment due date whose self assessment is still in progress.
  selfAssessmentDue: `select p.organisation_id from practices p join accreditations a on a.id = p.current_accreditation_id
               join assessments s on s.accreditation_id = a.id and s.type = 'PRESURVEY'
               where a.status = 'OPEN' and a.self_assessment_due is not null and s.status = 'IN_PROGRESS'`,
  renewalDue: `select practice_id from reapplications where status = 'DUE'`,
  renewalPaymentDue: `select practice_id from reapplications where status = 'PAYMENT_PENDING'`,
  // A survey visit waiting for surveyors' preferred days, due in the future.
  preferenceDaysDue: `select p.organisation_id from practices p join survey_visits v on v.accreditation_id = p.current_accreditation_id
               where v.status = 'PREFERRED_DAYS_REQ' and not v.archived and v.due > public.portal_today()`,
  // Expiry or extension date within the next year and still in the future.
  lessExpire: `select p.organisation_id from practices p join accreditations a on a.id = p.current_accreditation_id
               where (a.expiry_date > public.portal_today() and a.expiry_date <= public.portal_today() + interval '1 year')
                  or (a.ext_date > public.portal_today() and a.ext_date <= public.portal_today() + interval '1 year')`,
  surveyUnderReview: surveyIn('UNDER_REVIEW'),
  actionRequired: surveyIn('ACTION_REQUIRED'),
  approved: surveyIn('APPROVED'),
  certified: surveyIn('CERTIFIED'),
  // Payment pending with no renewal due or in payment (spec 000 §4: these users are sent to payment).
  paymentPending: `select p.organisation_id from practices p where p.status = 'PAYMENT_PENDING'
               and not exists (select 1 from reapplications r where r.practice_id = p.organisation_id
                                 and r.status in ('DUE', 'PAYMENT_PENDING'))`,
};

function surveyIn(status: string): string {
  return `select p.organisation_id from practices p join assessments s on s.accreditation_id = p.current_accreditation_id
           where s.type = 'SURVEY_VISIT' and s.status = '${status}'`;
}

describe('demo seeds', () => {
  let db: TestDatabase;
  let client: pg.Client;
  const q = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
    (await client.query<T>(sql, params)).rows;

  beforeAll(async () => {
    db = await createTestDatabase('migrated');
    await applySeeds({ project, databaseUrl: db.url });
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  it('a second apply changes nothing', async () => {
    const before = await snapshot(client);
    expect(Number(before.practices!.split(':')[0])).toBeGreaterThanOrEqual(8);
    await applySeeds({ project, databaseUrl: db.url });
    const after = await snapshot(client);
    expect(after).toEqual(before);
  });

  it('leaves identity sequences past the seeded ids', async () => {
    const rows = await q<{ id: number }>(
      `insert into public.addresses (suburb, state, postcode) values ('Testville', 'VIC', '3000') returning id`,
    );
    const max = await q<{ max: number }>('select max(id) as max from public.addresses where suburb <> $1', [
      'Testville',
    ]);
    expect(rows[0]!.id).toBeGreaterThan(max[0]!.max);
    await q(`delete from public.addresses where suburb = 'Testville'`);
  });

  it('has the demo accounts with their flags and the Demo-pass-1 hash', async () => {
    const users = await q<{
      email: string;
      password_hash: string;
      is_admin: boolean;
      is_superadmin: boolean;
      is_staff: boolean;
      is_qam: boolean;
      is_surveyor: boolean;
      profile: boolean;
    }>(
      `select u.*, exists (select 1 from surveyor_profiles s where s.user_id = u.id) as profile from users u`,
    );
    const by = new Map(users.map((u) => [u.email, u]));
    for (const account of DEMO_ACCOUNTS) {
      const user = by.get(account.email);
      expect(user?.email, account.email).toBe(account.email);
      expect(verifyScryptHash(DEMO_PASSWORD, user!.password_hash), account.email).toBe(true);
      expect(verifyScryptHash('demo-pass-1', user!.password_hash)).toBe(false);
      const [, n, r, p, salt, key] = user!.password_hash.split('$');
      expect([n, r, p]).toEqual(['16384', '8', '1']);
      expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
      expect(Buffer.from(key!, 'base64url')).toHaveLength(64);
    }
    expect(by.get('admin@demo.test')).toMatchObject({ is_admin: true, is_superadmin: true, is_staff: true });
    expect(by.get('qam@demo.test')).toMatchObject({ is_qam: true, is_staff: true, is_admin: false });
    for (const email of ['surveyor@demo.test', 'surveyor2@demo.test', 'surveyor3@demo.test']) {
      expect(by.get(email)).toMatchObject({ is_surveyor: true, profile: true, is_admin: false });
    }
    for (const email of ['pm@demo.test', 'pm.single@demo.test', 'newuser@demo.test']) {
      expect(by.get(email)).toMatchObject({
        is_admin: false,
        is_staff: false,
        is_surveyor: false,
        is_qam: false,
      });
    }
  });

  it('has GPS-6, the edition most demo cycles use, of at least 5 standards and 35 assessed indicators, each with a must-have item', async () => {
    const [version] = await q<{ id: number; sets: number; indicators: number }>(
      `select v.id, (select count(*)::int from indicator_sets s where s.survey_version_id = v.id and s.type = 'STANDARDS') as sets,
              public.survey_version_indicator_count(v) as indicators
         from survey_versions v where v.code = 'GPS-6'`,
    );
    expect(version!.sets).toBeGreaterThanOrEqual(5);
    expect(version!.indicators).toBeGreaterThanOrEqual(35);
    const bad = await q<{
      code: string;
      questions: number;
      must: number;
      min_items: number;
      max_items: number;
    }>(
      `select i.code, count(distinct c.id)::int as questions, count(*) filter (where ci.must_have)::int as must,
              min(n.items)::int as min_items, max(n.items)::int as max_items
         from indicators i join indicator_sets s on s.id = i.indicator_set_id and s.survey_version_id = $1
         left join checklists c on c.indicator_id = i.id
         left join checklist_items ci on ci.checklist_id = c.id
         left join lateral (select count(*) as items from checklist_items x where x.checklist_id = c.id) n on true
        group by i.code
       having count(*) filter (where ci.must_have) = 0 or count(distinct c.id) not between 1 and 3
           or min(n.items) < 2 or max(n.items) > 4`,
      [version!.id],
    );
    expect(bad).toEqual([]);
    const [res] = await q<{ files: number; urls: number; pm: number; su: number; folders: number }>(
      `select count(*) filter (where storage_key is not null)::int as files, count(*) filter (where url is not null)::int as urls,
              count(*) filter (where for_pm)::int as pm, count(*) filter (where for_surveyor)::int as su,
              (select count(*)::int from indicators where document_folder_id is null) as folders
         from indicator_resources`,
    );
    expect(res!.files).toBeGreaterThan(0);
    expect(res!.urls).toBeGreaterThan(0);
    expect(res!.pm).toBeGreaterThan(0);
    expect(res!.su).toBeGreaterThan(0);
    // Every indicator, of a standard or a module, names the folder its evidence goes to.
    expect(res!.folders).toBe(0);
    const codes = await q<{ code: string }>(
      `select code from folders where practice_id is null and code is not null`,
    );
    expect(codes.map((c) => c.code).sort()).toEqual(
      ['GENERAL', 'POLICIES', 'PREV_ACCRED', 'STAFF_DOCUMENTS', 'SURVEY_VISIT_DOCUMENTS'].sort(),
    );
  });

  it.each(Object.keys(PRACTICE_STATE_QUERIES))('has a practice in the list state %s', async (state) => {
    const rows = await q(PRACTICE_STATE_QUERIES[state]!);
    expect(rows.length).toBeGreaterThanOrEqual(1);
  });

  it('has resources and factsheets (files and links) for PMs, for surveyors, archived and back office only', async () => {
    const rows = await q<{
      kind: string;
      files: number;
      urls: number;
      pm: number;
      su: number;
      archived: number;
      nobody: number;
    }>(
      `select kind, count(*) filter (where storage_key is not null)::int as files, count(*) filter (where url is not null)::int as urls,
              count(*) filter (where for_pm and not archived)::int as pm, count(*) filter (where for_surveyor and not archived)::int as su,
              count(*) filter (where archived)::int as archived,
              count(*) filter (where not for_pm and not for_surveyor)::int as nobody
         from indicator_resources where indicator_id is null group by kind order by kind`,
    );
    expect(rows.map((r) => r.kind)).toEqual(['FACTSHEET', 'RESOURCE']);
    for (const row of rows) {
      expect(row.files, row.kind).toBeGreaterThan(0);
      expect(row.urls, row.kind).toBeGreaterThan(0);
      expect(row.pm, row.kind).toBeGreaterThan(1);
      expect(row.su, row.kind).toBeGreaterThan(0);
      expect(row.archived, row.kind).toBeGreaterThan(0);
    }
    expect(rows.find((r) => r.kind === 'RESOURCE')!.nobody).toBeGreaterThan(0);
  });

  it('gives pm@demo.test several practices in many states, pm.single one, newuser none', async () => {
    const practicesOf = async (email: string) =>
      (
        await q<{ practice_id: number }>(
          `select distinct pu.practice_id from practice_users pu join users u on u.id = pu.user_id
            where u.email = $1 and pu.role = 'PM' and pu.active order by 1`,
          [email],
        )
      ).map((r) => r.practice_id);
    const pm = await practicesOf('pm@demo.test');
    expect(pm.length).toBeGreaterThanOrEqual(3);
    let statesShown = 0;
    for (const sql of Object.values(PRACTICE_STATE_QUERIES)) {
      const ids = (await q<Record<string, number>>(sql)).map((r) => Object.values(r)[0]);
      if (ids.some((id) => pm.includes(id!))) statesShown++;
    }
    expect(statesShown).toBeGreaterThanOrEqual(8);
    const single = await practicesOf('pm.single@demo.test');
    expect(single).toHaveLength(1);
    const [status] = await q<{ status: string }>(
      'select status from practices where organisation_id = $1',
      single,
    );
    expect(status!.status).not.toBe('PAYMENT_PENDING');
    const anyRole = await q(
      `select 1 from practice_users pu join users u on u.id = pu.user_id where u.email = 'newuser@demo.test'`,
    );
    expect(anyRole).toEqual([]);
  });

  it('has at least 8 practices with realistic addresses, staff, contacts, documents and comments', async () => {
    const rows = await q<{
      id: number;
      abn: string;
      postcode: string;
      lat: string | null;
      staff: number;
      staff_types: number;
      contacts: number;
      documents: number;
      qam: number | null;
    }>(
      `select p.organisation_id as id, o.abn, ad.postcode, ad.lat,
              (select count(*)::int from practice_staff s where s.practice_id = p.organisation_id) as staff,
              (select count(distinct s.type)::int from practice_staff s where s.practice_id = p.organisation_id) as staff_types,
              (select count(*)::int from accreditations a where a.id = p.current_accreditation_id
                 and num_nonnulls(a.nominated_accreditation_contact_id, a.nominated_gp_contact_id,
                                  a.nominated_nurse_contact_id, a.nominated_support_contact_id) = 4) as contacts,
              (select count(*)::int from documents d where d.practice_id = p.organisation_id) as documents,
              (select a.qam_id from accreditations a where a.id = p.current_accreditation_id) as qam
         from practices p join organisations o on o.id = p.organisation_id
         join addresses ad on ad.id = o.physical_address_id
        -- A branch site (96_practice_sites.sql) is covered by its main practice's accreditation.
        where p.main_practice_id is null`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(8);
    const states = await q<{ n: number }>(
      `select count(distinct ad.state)::int as n from organisations o join addresses ad on ad.id = o.physical_address_id`,
    );
    expect(states[0]!.n).toBeGreaterThanOrEqual(6);
    for (const r of rows) {
      expect(r.abn, `practice ${r.id}`).toMatch(/^\d{11}$/);
      expect(r.lat).not.toBeNull();
      expect(r.staff).toBeGreaterThanOrEqual(4);
      expect(r.staff).toBeLessThanOrEqual(10);
      expect(r.staff_types).toBeGreaterThanOrEqual(3);
      expect(r.contacts).toBe(1);
      expect(r.documents).toBeGreaterThan(0);
      expect(r.qam).not.toBeNull();
    }
    const [staff] = await q<{
      inactive: number;
      verified: number;
      invited: number;
      accepted: number;
      rejected: number;
    }>(
      `select (select count(*)::int from practice_staff where employment_status = 'INACTIVE' and resignation_date is not null) as inactive,
              (select count(*)::int from practice_staff where verified) as verified,
              (select count(*)::int from invitations where status = 'INVITED') as invited,
              (select count(*)::int from invitations where status = 'ACCEPTED' and accepted_user_id is not null) as accepted,
              (select count(*)::int from invitations where status = 'REJECTED') as rejected`,
    );
    expect(Object.values(staff!).every((n) => n > 0)).toBe(true);
    const [comments] = await q<{ pm: number; su: number }>(
      `select count(*) filter (where practice_relationship = 'PRACTICE')::int as pm,
              count(*) filter (where practice_relationship = 'SURVEYOR')::int as su from comments`,
    );
    expect(comments!.pm).toBeGreaterThan(0);
    expect(comments!.su).toBeGreaterThan(0);
    const docs = await q<{ storage_key: string }>(
      `select storage_key from documents where uploaded_at is not null and storage_key !~ ('^practices/' || practice_id || '/[0-9a-f-]{36}-.+')`,
    );
    expect(docs).toEqual([]);
  });

  it('has a self assessment in progress for pm@demo.test and one under review for the QAM', async () => {
    const [progress] = await q<{
      id: number;
      answered: number;
      untouched: number;
      na: number;
      notes: number;
    }>(
      `select a.id,
              count(*) filter (where r.is_marked_complete or r.compliance = 'NOT_APPLICABLE')::int as answered,
              (select count(*)::int from indicators i join indicator_sets s on s.id = i.indicator_set_id
                where s.survey_version_id = acc.survey_version_id) - count(r.id)::int as untouched,
              count(*) filter (where r.compliance = 'NOT_APPLICABLE')::int as na,
              count(*) filter (where r.observation is not null)::int as notes
         from assessments a join accreditations acc on acc.id = a.accreditation_id
         join practice_users pu on pu.practice_id = acc.practice_id and pu.role = 'PM' and pu.active
         join users u on u.id = pu.user_id and u.email = 'pm@demo.test'
         left join indicator_responses r on r.assessment_id = a.id
        where a.type = 'PRESURVEY' and a.status = 'IN_PROGRESS'
        group by a.id, acc.survey_version_id`,
    );
    expect(progress).toBeDefined();
    expect(progress!.answered).toBeGreaterThan(10);
    expect(progress!.untouched).toBeGreaterThan(10);
    expect(progress!.na).toBe(1);
    expect(progress!.notes).toBeGreaterThanOrEqual(3);
    const extras = await q<{ comments: number; files: number }>(
      `select (select count(*)::int from comments c join indicator_responses r on r.id = c.indicator_response_id
                where r.assessment_id = $1) as comments,
              (select count(*)::int from documents d join indicator_responses r on r.id = d.indicator_response_id
                where r.assessment_id = $1 and not d.archived) as files`,
      [progress!.id],
    );
    expect(extras[0]!.comments).toBeGreaterThan(0);
    expect(extras[0]!.files).toBeGreaterThan(0);
    const review = await q<{ submitted: number; reviewed: number; unreviewed: number }>(
      `select count(distinct s.id)::int as submitted,
              count(distinct r.id) filter (where r.reviewed)::int as reviewed,
              count(distinct r.id) filter (where not r.reviewed)::int as unreviewed
         from assessments a join assessment_submissions s on s.assessment_id = a.id
         join indicator_responses r on r.assessment_id = a.id
        where a.type = 'PRESURVEY' and a.status = 'UNDER_REVIEW'`,
    );
    expect(review[0]).toMatchObject({ submitted: 1 });
    expect(review[0]!.reviewed).toBeGreaterThan(0);
    expect(review[0]!.unreviewed).toBeGreaterThan(0);
  });

  it("gives pm@demo.test's Harbourside a valid certificate with a file to download", async () => {
    const certificates = await q<{ name: string; has_file: boolean; current: boolean }>(
      `select c.name, c.has_file, c.issue_date <= public.portal_today() and c.expiry_date > public.portal_today() as current
         from certificates c join organisations o on o.id = c.practice_id
         join practice_users pu on pu.practice_id = c.practice_id and pu.role = 'PM' and pu.active
         join users u on u.id = pu.user_id and u.email = 'pm@demo.test'
        where o.name = 'Harbourside Family Medical' and c.validity = 'VALID'`,
    );
    expect(certificates).toEqual([{ name: 'Harbourside Family Medical', has_file: true, current: true }]);
  });

  it('has a survey in progress (one visitor signed, one not) and one partially submitted, as the surveyor tour in docs/try shows', async () => {
    const surveys = await q<{
      id: number;
      status: string;
      visit_type: string;
      visitors: Array<{
        email: string;
        signed: boolean;
        submitted: boolean;
        summary: boolean;
        su: boolean;
        hours: boolean;
      }>;
      responses: number;
      total: number;
      rated: number;
    }>(
      `select a.id, a.status, v.type as visit_type, c.total,
              (select count(*)::int from indicator_responses r where r.assessment_id = a.id) as responses,
              (select count(compliance)::int from indicator_responses r where r.assessment_id = a.id) as rated,
              (select jsonb_agg(jsonb_build_object(
                        'email', u.email,
                        'signed', exists (select 1 from confidentiality_signs cs where cs.assessment_id = a.id and cs.user_id = u.id),
                        'submitted', exists (select 1 from assessment_submissions sub where sub.assessment_id = a.id and sub.user_id = u.id),
                        'summary', exists (select 1 from general_comments g where g.assessment_id = a.id and g.user_id = u.id
                                             and length(trim(g.text)) > 0),
                        'su', exists (select 1 from practice_users pu where pu.practice_id = acc.practice_id and pu.user_id = u.id
                                        and pu.role = 'SU' and pu.active),
                        'hours', sv.hours_worked_confirmed) order by sv.is_lead desc, u.email)
                 from survey_visitors sv join users u on u.id = sv.user_id
                where sv.survey_visit_id = v.id and sv.status = 'ACCEPTED') as visitors
         from assessments a join survey_visits v on v.id = a.survey_visit_id
         join accreditations acc on acc.id = a.accreditation_id
         join assessment_counts c on c.assessment_id = a.id
        where a.status in ('IN_PROGRESS', 'PARTIALLY_SUBMITTED') order by a.status`,
    );
    expect(surveys).toHaveLength(2);
    const [inProgress, partial] = surveys;
    expect(inProgress).toMatchObject({ status: 'IN_PROGRESS', responses: inProgress!.total });
    expect(inProgress!.rated).toBeGreaterThan(0);
    expect(inProgress!.rated).toBeLessThan(inProgress!.total);
    expect(inProgress!.visitors).toEqual([
      { email: 'surveyor@demo.test', signed: true, submitted: false, summary: true, su: true, hours: false },
      {
        email: 'surveyor2@demo.test',
        signed: false,
        submitted: false,
        summary: false,
        su: true,
        hours: false,
      },
    ]);
    expect(partial).toMatchObject({
      status: 'PARTIALLY_SUBMITTED',
      visit_type: 'SURVEILLANCE',
      responses: partial!.total,
    });
    expect(partial!.visitors).toEqual([
      { email: 'surveyor@demo.test', signed: true, submitted: true, summary: true, su: true, hours: true },
      {
        email: 'surveyor3@demo.test',
        signed: true,
        submitted: false,
        summary: false,
        su: true,
        hours: false,
      },
    ]);
  });

  it('makes finished survey assessments complete and consistent', async () => {
    const assessments = await q<{ id: number; status: string; survey_visit_id: number; total: number }>(
      `select a.id, a.status, a.survey_visit_id, c.total from assessments a join assessment_counts c on c.assessment_id = a.id
        where a.type = 'SURVEY_VISIT' and a.status in ('UNDER_REVIEW', 'ACTION_REQUIRED', 'APPROVED', 'CERTIFIED')`,
    );
    expect(new Set(assessments.map((a) => a.status)).size).toBe(4);
    for (const a of assessments) {
      const [visit] = await q<{ status: string }>('select status from survey_visits where id = $1', [
        a.survey_visit_id,
      ]);
      expect(visit!.status).toBe('FINAL');
      const [n] = await q<{ responses: number; rated: number }>(
        `select count(*)::int as responses, count(compliance)::int as rated from indicator_responses where assessment_id = $1`,
        [a.id],
      );
      expect(n).toEqual({ responses: a.total, rated: a.total });
      // Every accepted surveyor signed, submitted and wrote a summary, and is SU on the practice.
      const missing = await q(
        `select v.user_id from survey_visitors v
           join assessments a on a.survey_visit_id = v.survey_visit_id
           join accreditations acc on acc.id = a.accreditation_id
          where a.id = $1 and v.status = 'ACCEPTED' and (
             not exists (select 1 from confidentiality_signs s where s.assessment_id = a.id and s.user_id = v.user_id)
          or not exists (select 1 from assessment_submissions s where s.assessment_id = a.id and s.user_id = v.user_id)
          or not exists (select 1 from general_comments g where g.assessment_id = a.id and g.user_id = v.user_id
                           and length(trim(g.text)) > 0)
          or not exists (select 1 from practice_users pu where pu.practice_id = acc.practice_id
                           and pu.user_id = v.user_id and pu.role = 'SU'))`,
        [a.id],
      );
      expect(missing).toEqual([]);
    }
    // Ticks agree with compliance: MET has every must-have ticked, NOT_MET misses one.
    const inconsistent = await q<{ id: number }>(
      `select r.id from indicator_responses r join assessments a on a.id = r.assessment_id and a.type = 'SURVEY_VISIT'
        where r.compliance in ('MET', 'NOT_MET')
          and (r.compliance = 'MET') <> (
            select bool_and(coalesce((r.checklists -> c.question_number::text ->> ci.item_number::text)::boolean, false))
              from checklists c join checklist_items ci on ci.checklist_id = c.id
             where c.indicator_id = r.indicator_id and ci.must_have)`,
    );
    expect(inconsistent).toEqual([]);
    const incompleteNotMet = await q(
      `select id from indicator_responses where compliance = 'NOT_MET' and (non_compliance_statement is null
          or non_compliance_type is null or risk_type is null or risk_likelihood is null or risk_impact is null
          or risk_rating is null or nc_status_created_by_id is null)`,
    );
    expect(incompleteNotMet).toEqual([]);
    // Approved and certified assessments have no open, unreferred non-conformity.
    const openAfterApproval = await q(
      `select r.id from indicator_responses r join assessments a on a.id = r.assessment_id
        where a.status in ('APPROVED', 'CERTIFIED') and r.compliance = 'NOT_MET'
          and r.non_conformity_status = 'OPEN' and not r.refer_to_ca`,
    );
    expect(openAfterApproval).toEqual([]);
    // Action required: every not-met indicator has an action plan; some are open, some closed.
    const [plan] = await q<{ without: number; open: number; closed: number }>(
      `select count(*) filter (where not exists (select 1 from action_plan_activities p where p.indicator_response_id = r.id))::int as without,
              count(*) filter (where r.non_conformity_status = 'OPEN')::int as open,
              count(*) filter (where r.non_conformity_status = 'CLOSED')::int as closed
         from indicator_responses r join assessments a on a.id = r.assessment_id
        where a.status = 'ACTION_REQUIRED' and r.compliance = 'NOT_MET'`,
    );
    expect(plan).toMatchObject({ without: 0 });
    expect(plan!.open).toBeGreaterThan(0);
    expect(plan!.closed).toBeGreaterThan(0);
    const certs = await q(
      `select c.id from certificates c join assessments a on a.id = c.assessment_id
        where a.status = 'CERTIFIED' and c.validity = 'VALID' and c.expiry_date > public.portal_today()`,
    );
    expect(certs.length).toBeGreaterThanOrEqual(1);
  });

  it("has survey planning demo data: a visit to offer, one with both surveyors' days, a conflicted surveyor and a GP surveyor", async () => {
    const visits = await q<{ id: number; status: string; reason: string | null; month_end: boolean }>(
      `select id, status, reason_for_visit as reason,
              due = (date_trunc('month', due) + interval '1 month - 1 day')::date as month_end
         from survey_visits where id in (1, 2) order by id`,
    );
    expect(visits).toEqual([
      { id: 1, status: 'PLANNING', reason: 'INITIAL_ACCREDITATION', month_end: true },
      { id: 2, status: 'PREFERRED_DAYS_REQ', reason: 'REACCREDITATION', month_end: true },
    ]);
    expect(await q('select id from survey_visits where reason_for_visit is null')).toEqual([]);
    // Both surveyors of Riverbend's visit stated days, all within its due month (the requested period).
    const days = await q<{ email: string; stated: number; outside: number }>(
      `select u.email, count(*)::int as stated,
              count(*) filter (where date_trunc('month', d.day) <> date_trunc('month', v.due))::int as outside
         from preferred_days d join survey_visits v on v.id = d.survey_visit_id join users u on u.id = d.user_id
        where v.id = 2 group by u.email order by u.email`,
    );
    expect(days).toEqual([
      { email: 'surveyor3@demo.test', stated: 3, outside: 0 },
      { email: 'surveyor@demo.test', stated: 4, outside: 0 },
    ]);
    // surveyor3's conflict with Harbourside (90_survey_offers.sql) keeps them out of its offers.
    const [conflict] = await q<{ reason: string | null }>(
      `select surveyor_conflict_reason(u.id, 1) as reason from users u where u.email = 'surveyor3@demo.test'`,
    );
    expect(conflict!.reason).toBe('Worked there as a locum GP on weekends');
    const gps = await q<{ email: string }>(
      'select u.email from surveyor_profiles s join users u on u.id = s.user_id where s.is_gp order by u.email',
    );
    expect(gps.map((g) => g.email)).toEqual(['surveyor@demo.test']);
  });

  it('has an offer waiting for surveyor and surveyor2 (one asking for preferred days) and a declared conflict that counts', async () => {
    const waiting = await q<{ email: string; practice: string; status: string }>(
      `select u.email, o.name as practice, v.status
         from survey_visitors sv join users u on u.id = sv.user_id join survey_visits v on v.id = sv.survey_visit_id
         join accreditations a on a.id = v.accreditation_id join organisations o on o.id = a.practice_id
        where sv.status = 'OFFERED' and v.status <> 'FINAL' and not v.archived and sv.offered_at is not null
          and u.email in ('surveyor@demo.test', 'surveyor2@demo.test')
        order by u.email, o.name`,
    );
    expect(waiting).toEqual([
      { email: 'surveyor2@demo.test', practice: 'Harbourside Family Medical', status: 'PLANNING' },
      { email: 'surveyor2@demo.test', practice: 'Riverbend Medical Centre', status: 'PREFERRED_DAYS_REQ' },
      { email: 'surveyor@demo.test', practice: 'Harbourside Family Medical', status: 'PLANNING' },
    ]);
    const [conflict] = await q<{ email: string; reason: string | null }>(
      `select u.email, public.surveyor_conflict_reason(c.user_id, c.practice_id) as reason
         from surveyor_conflicts c join users u on u.id = c.user_id where not c.archived`,
    );
    expect(conflict).toEqual({
      email: 'surveyor3@demo.test',
      reason: 'Worked there as a locum GP on weekends',
    });
  });

  it("gives surveyor2's bell two unread notifications of their offers and one read, each an app path", async () => {
    const rows = await q<{ email: string; kind: string; title: string; link: string; read: boolean }>(
      `select u.email, n.kind, n.title, n.link, n.read_at is not null as read
         from notifications n join users u on u.id = n.user_id order by n.created_at desc, n.id desc`,
    );
    expect(rows.map(({ email, kind, link, read }) => ({ email, kind, link, read }))).toEqual([
      { email: 'surveyor2@demo.test', kind: 'SURVEY_OFFER', link: '/SurveyVisits/Offers', read: false },
      {
        email: 'surveyor2@demo.test',
        kind: 'PREFERRED_DAYS_REQUESTED',
        link: '/SurveyVisits/2/PreferredDays',
        read: false,
      },
      { email: 'surveyor2@demo.test', kind: 'SURVEY_OFFER', link: '/SurveyVisits/Offers', read: true },
    ]);
    expect(rows[0]!.title).toBe('Survey offer: Harbourside Family Medical');
    expect(rows[1]!.title).toMatch(/^Preferred days requested: Riverbend Medical Centre, [A-Z][a-z]+ \d{4}$/);
  });
});
