import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeedScale, type SeedScaleResult } from './seed-scale.ts';

const N = 300;

describe('seed-scale', () => {
  let db: TestDatabase;
  let client: pg.Client;
  let dir: string;
  let resultsFile: string;
  const q = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
    (await client.query<T>(sql, params)).rows;
  const one = async (sql: string, params: unknown[] = []) =>
    Number(Object.values((await q(sql, params))[0]!)[0]);

  beforeAll(async () => {
    db = await createTestDatabase('migrated');
    dir = mkdtempSync(path.join(os.tmpdir(), 'seed-scale-'));
    resultsFile = path.join(dir, 'out', 'seed-scale.json');
    await runSeedScale([
      '--practices',
      String(N),
      '--database-url',
      db.url,
      '--results',
      resultsFile,
      '--quiet',
    ]);
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  }, 180_000);
  afterAll(async () => {
    await client?.end();
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('generates N practices on top of the demo seeds, with their organisations and addresses', async () => {
    const demo = await one(`select count(*) from practices p join organisations o on o.id = p.organisation_id
                             where o.email not like '%@scale.demo.test' or o.email is null`);
    expect(demo).toBeGreaterThanOrEqual(8);
    expect(await one('select count(*) from practices')).toBe(demo + N);
    expect(await one(`select count(*) from organisations where email like '%@scale.demo.test'`)).toBe(N);
    expect(await one(`select count(distinct a.state) from addresses a`)).toBe(8);
    expect(await one(`select count(distinct a.suburb) from addresses a`)).toBeGreaterThan(50);
    // Trigram search has realistic names to find.
    expect(await one(`select count(*) from organisations where 'Medcal Centr' <% name`)).toBeGreaterThan(0);
    expect(await one(`select count(*) from practice_networks`)).toBe(2 + 200);
    const networked = await one(`select count(*) from practices where network_id is not null`);
    expect(networked / N).toBeGreaterThan(0.15);
  });

  it('sets current_accreditation_id by the trigger rule for every practice', async () => {
    const wrong = await q(`
      select p.organisation_id from practices p
       where p.current_accreditation_id is distinct from (
         select a.id from accreditations a where a.practice_id = p.organisation_id and not a.archived
          order by a.created_at desc, a.id desc limit 1)`);
    expect(wrong).toEqual([]);
    // A branch site (the demo's, main_practice_id) is covered by its main practice's cycle.
    expect(
      await one(
        'select count(*) from practices where current_accreditation_id is null and main_practice_id is null',
      ),
    ).toBe(0);
  });

  it('keeps every foreign key valid although the bulk load skipped FK triggers', async () => {
    const fks = await q<{ child: string; parent: string; cols: string[]; pcols: string[]; name: string }>(`
      select c.conname as name, cl.relname as child, pl.relname as parent,
             array(select attname from unnest(c.conkey) with ordinality k(n, o)
                     join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by o)::text[] as cols,
             array(select attname from unnest(c.confkey) with ordinality k(n, o)
                     join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by o)::text[] as pcols
        from pg_constraint c join pg_class cl on cl.oid = c.conrelid join pg_class pl on pl.oid = c.confrelid
        join pg_namespace n on n.oid = cl.relnamespace
       where c.contype = 'f' and n.nspname = 'public'`);
    expect(fks.length).toBeGreaterThan(40);
    const broken: string[] = [];
    for (const fk of fks) {
      const match = fk.cols.map((c, i) => `p."${fk.pcols[i]}" = c."${c}"`).join(' and ');
      const notNull = fk.cols.map((c) => `c."${c}" is not null`).join(' and ');
      const n = await one(
        `select count(*) from public."${fk.child}" c where ${notNull}
           and not exists (select 1 from public."${fk.parent}" p where ${match})`,
      );
      if (n > 0) broken.push(`${fk.name}: ${n}`);
    }
    expect(broken).toEqual([]);
  });

  it('generates people, staff, cycles, visits, renewals and assessments in realistic shares', async () => {
    const gen = `(select id from organisations where email like '%@scale.demo.test')`;
    expect(await one(`select count(*) from practice_users where role = 'PM' and practice_id in ${gen}`)).toBe(
      2 * N,
    );
    expect(await one(`select count(*) from users where is_surveyor and email like '%@scale.demo.test'`)).toBe(
      300,
    );
    expect(
      await one(`select count(*) from surveyor_profiles s join users u on u.id = s.user_id
                  where u.email like '%@scale.demo.test'`),
    ).toBe(300);
    expect(
      await one(`select count(*) from practice_users where role = 'SU' and practice_id in ${gen}`),
    ).toBeGreaterThan(N / 2);
    expect(await one(`select count(*) from practice_staff where practice_id in ${gen}`)).toBe(8 * N);
    expect(
      await one(`select count(*) from accreditations where practice_id in ${gen} and qam_id is null`),
    ).toBe(0);
    const expiries = await q<{ min: number; max: number }>(
      `select min(expiry_date - public.portal_today()) as min, max(expiry_date - public.portal_today()) as max
         from accreditations where practice_id in ${gen}`,
    );
    expect(expiries[0]!.min).toBeLessThan(-365);
    expect(expiries[0]!.max).toBeGreaterThan(365);
    expect(
      await one(`select count(*) from survey_visits v join accreditations a on a.id = v.accreditation_id
                       where a.practice_id in ${gen}`),
    ).toBeGreaterThan(N * 0.8);
    expect(await one(`select count(*) from survey_visitors where status = 'ACCEPTED'`)).toBeGreaterThan(
      N * 0.5,
    );
    const reapps = await one(`select count(*) from reapplications where practice_id in ${gen}`);
    expect(reapps / N).toBeGreaterThan(0.05);
    expect(reapps / N).toBeLessThan(0.4);
    // One self assessment per cycle; about one in ten with a survey visit assessment rating every indicator.
    expect(
      await one(`select count(*) from accreditations a where a.practice_id in ${gen}
                   and (select count(*) from assessments s where s.accreditation_id = a.id and s.type = 'PRESURVEY') <> 1`),
    ).toBe(0);
    const surveys =
      await one(`select count(*) from assessments s join accreditations a on a.id = s.accreditation_id
                                where s.type = 'SURVEY_VISIT' and a.practice_id in ${gen}`);
    expect(surveys / N).toBeGreaterThan(0.07);
    expect(surveys / N).toBeLessThan(0.13);
    const incomplete = await q(`
      select s.id from assessments s join accreditations a on a.id = s.accreditation_id
        join assessment_counts c on c.assessment_id = s.id
       where s.type = 'SURVEY_VISIT' and a.practice_id in ${gen}
         and (select count(*) from indicator_responses r where r.assessment_id = s.id) <> c.total`);
    expect(incomplete).toEqual([]);
    // Not-met responses carry a statement and a rating that follows the matrix (also a CHECK).
    expect(
      await one(`select count(*) from indicator_responses where compliance = 'NOT_MET'
                   and (non_compliance_statement is null or risk_rating is distinct from risk_rating_for(risk_likelihood, risk_impact))`),
    ).toBe(0);
    expect(
      await one(`select count(*) from indicator_responses where compliance = 'NOT_MET'`),
    ).toBeGreaterThan(0);
  });

  it('skips the audit log for generated rows and leaves identity sequences usable', async () => {
    expect(
      await one(`select count(*) from audit_log where table_name = 'practices'
                   and (row_id)::int in (select id from organisations where email like '%@scale.demo.test')`),
    ).toBe(0);
    const inserted = await q<{ id: number }>(
      `insert into practice_networks (name) values ('After the scale run') returning id`,
    );
    expect(inserted[0]!.id).toBeGreaterThan(
      await one(`select max(id) from practice_networks where name <> 'After the scale run'`),
    );
  });

  it('writes the results file', () => {
    const result = JSON.parse(readFileSync(resultsFile, 'utf8')) as SeedScaleResult;
    expect(result.practices).toBe(N);
    expect(result.seconds).toBeGreaterThan(0);
    expect(result.rows.practices).toBeGreaterThanOrEqual(N);
    expect(result.rows.indicator_responses).toBeGreaterThan(0);
    expect(result.postgres_version).toMatch(/^\d+/);
    expect(Number.isNaN(Date.parse(result.date))).toBe(false);
  });

  it('refuses to generate twice into the same database without --reset', async () => {
    await expect(
      runSeedScale(['--practices', '5', '--database-url', db.url, '--results', resultsFile, '--quiet']),
    ).rejects.toThrow(/--reset/);
  });

  it('rejects a bad --practices value', async () => {
    await expect(runSeedScale(['--practices', 'lots', '--database-url', db.url])).rejects.toThrow(
      /--practices/,
    );
  });
});
