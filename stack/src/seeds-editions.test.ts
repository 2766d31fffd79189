import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The demo's older edition, its mapping to GPS-6 and the transition window (65_ and 99_ seeds). */
describe('demo seeds: GPS-5 and the transition to GPS-6', () => {
  let db: TestDatabase;
  let client: pg.Client;
  const q = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
    (await client.query<T>(sql, params)).rows;

  beforeAll(async () => {
    db = await createTestDatabase('seeded');
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  it('has GPS-5 published and current, with sets, indicators and must-have items', async () => {
    const [gps5] = await q<{
      status: string;
      is_current: boolean;
      sets: number;
      indicators: number;
      bare: number;
    }>(
      `select v.status, v.is_current,
              (select count(*)::int from indicator_sets s where s.survey_version_id = v.id) as sets,
              public.survey_version_indicator_count(v) as indicators,
              (select count(*)::int from indicators i join indicator_sets s on s.id = i.indicator_set_id
                where s.survey_version_id = v.id
                  and not exists (select 1 from checklists c join checklist_items ci on ci.checklist_id = c.id
                                   where c.indicator_id = i.id and ci.must_have)) as bare
         from survey_versions v where v.code = 'GPS-5'`,
    );
    expect(gps5).toMatchObject({ status: 'PUBLISHED', is_current: true, bare: 0 });
    expect(gps5!.sets).toBeGreaterThanOrEqual(3);
    expect(gps5!.indicators).toBeGreaterThanOrEqual(8);
  });

  it('maps GPS-5 to GPS-6 completely, with every kind of link, items, and new GPS-6 indicators', async () => {
    const [mapping] = await q<{ kinds: string[]; unmapped: number; items: number; added: number }>(
      `select array(select distinct r.kind from edition_indicator_mappings r where r.mapping_id = m.id order by 1) as kinds,
              (select count(*)::int from indicators i join indicator_sets s on s.id = i.indicator_set_id
                where s.survey_version_id = m.from_version_id
                  and not exists (select 1 from edition_indicator_mappings r
                                   where r.mapping_id = m.id and r.from_indicator_id = i.id)) as unmapped,
              (select count(*)::int from edition_item_mappings x where x.mapping_id = m.id) as items,
              (select count(*)::int from indicators i join indicator_sets s on s.id = i.indicator_set_id
                where s.survey_version_id = m.to_version_id
                  and not exists (select 1 from edition_indicator_mappings r
                                   where r.mapping_id = m.id and r.to_indicator_id = i.id)) as added
         from edition_mappings m
         join survey_versions f on f.id = m.from_version_id and f.code = 'GPS-5'
         join survey_versions t on t.id = m.to_version_id and t.code = 'GPS-6'`,
    );
    expect(mapping!.kinds).toEqual(['EQUIVALENT', 'MERGED', 'RETIRED', 'SPLIT']);
    expect(mapping!.unmapped).toBe(0);
    expect(mapping!.items).toBeGreaterThan(0);
    expect(mapping!.added).toBeGreaterThan(0);
  });

  it('has an open window from GPS-5 to GPS-6 around today', async () => {
    const [window] = await q<{ open_now: boolean; allowed: string[] }>(
      `select t.opens_on <= public.portal_today() and public.portal_today() <= t.closes_on as open_now,
              array(select v.code from survey_versions v
                     where v.id = any (public.cycle_editions_allowed(public.portal_today())) order by v.code) as allowed
         from edition_transitions t
         join survey_versions f on f.id = t.from_version_id and f.code = 'GPS-5'
         join survey_versions n on n.id = t.to_version_id and n.code = 'GPS-6'
        where t.completed_at is null`,
    );
    expect(window).toEqual({ open_now: true, allowed: ['GPS-5', 'GPS-6'] });
  });

  it('has practices mid-cycle on GPS-5 with self assessments in progress and answers, one of them pm@demo.test’s', async () => {
    const rows = await q<{ id: number; answered: number; untouched: number; pm: boolean }>(
      `select p.organisation_id as id,
              (select count(*)::int from indicator_responses r where r.assessment_id = s.id and r.is_marked_complete) as answered,
              public.survey_version_indicator_count(v)
                - (select count(*)::int from indicator_responses r where r.assessment_id = s.id) as untouched,
              exists (select 1 from practice_users pu join users u on u.id = pu.user_id
                       where pu.practice_id = p.organisation_id and pu.role = 'PM' and pu.active
                         and u.email = 'pm@demo.test') as pm
         from practices p
         join accreditations a on a.id = p.current_accreditation_id and a.status = 'OPEN'
         join survey_versions v on v.id = a.survey_version_id and v.code = 'GPS-5'
         join assessments s on s.accreditation_id = a.id and s.type = 'PRESURVEY' and s.status = 'IN_PROGRESS'
                            and s.survey_version_id = v.id
        order by 1`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row.answered, `practice ${row.id}`).toBeGreaterThan(0);
      expect(row.untouched, `practice ${row.id}`).toBeGreaterThan(0);
    }
    expect(rows.some((row) => row.pm)).toBe(true);
  });
});
