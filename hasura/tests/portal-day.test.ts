import { PORTAL_TIME_ZONE, portalToday } from '@portal/domain';
import { makeAssessment, makeUser } from '@portal/testkit/database-rows';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestDb } from './db.ts';

const t = useTestDb();

/** Session zones a day away from Sydney for most of the day, either side of it. */
const FAR_ZONES = ['UTC', 'Pacific/Pago_Pago', 'America/Los_Angeles', 'Pacific/Kiritimati'];

/** The portal's day as the screens compute it, at the database's own now(). */
const screensDay = async () => {
  const [row] = await t.db.q<{ now: Date }>('select now() as now');
  return portalToday(row!.now);
};

afterEach(async () => {
  await t.db.q('reset timezone');
});

describe("the portal's day in the database", () => {
  it('is the day the screens take for today, whatever the session time zone', async () => {
    expect(PORTAL_TIME_ZONE).toBe('Australia/Sydney');
    for (const zone of FAR_ZONES) {
      await t.db.q(`set timezone to '${zone}'`);
      const [row] = await t.db.q<{ today: string }>('select public.portal_today()::text as today');
      expect(row!.today, zone).toBe(await screensDay());
    }
  });

  it('stamps a closed non-conformity with it, not with the session day', async () => {
    const { assessment, standards } = await makeAssessment(t.db);
    const qam = await makeUser(t.db, { is_qam: true });
    await t.db.q("set timezone to 'Pacific/Pago_Pago'");
    const session = { 'x-hasura-role': 'qam', 'x-hasura-user-id': String(qam.id) };
    const [closed] = await t.db.asUser(session, () =>
      t.db.q<{ date_closed: string }>(
        `insert into public.indicator_responses (assessment_id, indicator_id, compliance, non_conformity_status,
                                                 non_compliance_statement)
         values ($1, $2, 'NOT_MET', 'CLOSED', 'Fridge log incomplete')
         returning date_closed::text`,
        [assessment.id, standards.indicators[0]!.id],
      ),
    );
    expect(closed!.date_closed).toBe(await screensDay());
  });

  it('is the only today of the schema: no function, view or default reads current_date', async () => {
    const readers = await t.db.q<{ what: string }>(
      `select 'function ' || p.oid::regprocedure::text as what
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prosrc ~* '\\mcurrent_date\\M'
       union all
       select 'view ' || schemaname || '.' || viewname
         from pg_views
        where schemaname = 'public' and definition ~* '\\mcurrent_date\\M'
       union all
       select 'default of ' || c.relname || '.' || a.attname
         from pg_attrdef d
         join pg_class c on c.oid = d.adrelid
         join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
         join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and pg_get_expr(d.adbin, d.adrelid) ~* '\\mcurrent_date\\M'`,
    );
    expect(readers).toEqual([]);
  });
});
