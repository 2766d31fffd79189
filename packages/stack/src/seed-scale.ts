/**
 * `npm run seed:scale -- --practices N`: a large, realistic data set for benchmarks.
 *
 * Everything is generated server-side with set-based SQL (`insert … select … from
 * generate_series`) in one transaction, on top of the demo seeds (which bring the standards, the
 * provider folders and the demo accounts). For speed the transaction runs with
 * `session_replication_role = replica`, which skips ordinary triggers and foreign-key checks:
 *  - the audit log deliberately does NOT record the bulk generation;
 *  - `updated_at` stamps are set explicitly;
 *  - `practices.current_accreditation_id`, normally kept by a trigger on accreditations, is set
 *    by one UPDATE after the bulk insert using the trigger's rule (latest non-archived cycle);
 *  - the SQL keeps every reference valid itself (the tests check every foreign key afterwards).
 * Unique and CHECK constraints stay enforced. Without the superuser right to change
 * session_replication_role, the audit and current-accreditation triggers are disabled per table
 * for the transaction instead (foreign keys are then checked as usual).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  attachOrStartCluster,
  createDatabase,
  dropDatabase,
  type LocalCluster,
  withDatabase,
} from '@portal/devdb';
import { applyMigrations, applySeeds, loadProject } from '@portal/engine';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DEFAULT_RESULTS = path.join(ROOT, 'bench/results/seed-scale.json');
const SCALE_DATABASE = 'portal_scale';
/** Marks generated organisations, so a second run without --reset is refused instead of doubling up. */
const MARK_DOMAIN = 'scale.demo.test';
const SURVEYORS = 300;
const QAMS = 12;
const NETWORKS = 200;
const STAFF_PER_PRACTICE = 8;

export interface SeedScaleResult {
  practices: number;
  seconds: number;
  generate_seconds: number;
  rows: Record<string, number>;
  postgres_version: string;
  date: string;
}

interface Options {
  practices: number;
  databaseUrl?: string;
  reset: boolean;
  results: string;
  quiet: boolean;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      practices: { type: 'string', default: '20000' },
      'database-url': { type: 'string' },
      reset: { type: 'boolean', default: false },
      results: { type: 'string', default: DEFAULT_RESULTS },
      quiet: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const practices = Number(values.practices);
  if (!Number.isInteger(practices) || practices < 1 || practices > 2_000_000) {
    throw new Error(`--practices must be a whole number from 1 to 2000000, not '${values.practices}'`);
  }
  return {
    practices,
    databaseUrl: values['database-url'] ?? process.env.DATABASE_URL ?? undefined,
    reset: values.reset ?? false,
    results: path.resolve(values.results ?? DEFAULT_RESULTS),
    quiet: values.quiet ?? false,
  };
}

/** The admin URL (database `postgres`) of the server a database URL points at. */
function adminUrlOf(url: string): string {
  return withDatabase(url, 'postgres');
}

function databaseNameOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}

/** Finds or starts the database to fill: --database-url / DATABASE_URL, else the local embedded cluster. */
async function openTarget(options: Options, log: (line: string) => void) {
  let cluster: LocalCluster | undefined;
  let url: string;
  if (options.databaseUrl) {
    url = options.databaseUrl;
  } else {
    const port = Number(process.env.PGPORT ?? 54320);
    cluster = await attachOrStartCluster({ dataDir: path.join(ROOT, '.data/postgres'), port });
    log(
      cluster.started
        ? `started the embedded PostgreSQL cluster in .data/postgres on port ${port}`
        : `using the PostgreSQL server already listening on port ${port}`,
    );
    url = withDatabase(cluster.adminUrl, SCALE_DATABASE);
  }
  const name = databaseNameOf(url);
  if (options.reset) {
    if (name === 'postgres' || name.startsWith('template'))
      throw new Error(`refusing to reset database ${name}`);
    await dropDatabase(adminUrlOf(url), name);
    log(`dropped database ${name}`);
  }
  if (await createDatabase(adminUrlOf(url), name).catch(() => false)) log(`created database ${name}`);
  return { url, cluster };
}

// Realistic places: suburb, state, postcode, latitude, longitude, Modified Monash category.
const SUBURBS: [string, string, string, number, number, string][] = [
  ['Parramatta', 'NSW', '2150', -33.815, 151.003, 'MM1'],
  ['Chatswood', 'NSW', '2067', -33.797, 151.181, 'MM1'],
  ['Bondi Junction', 'NSW', '2022', -33.892, 151.247, 'MM1'],
  ['Newtown', 'NSW', '2042', -33.897, 151.179, 'MM1'],
  ['Penrith', 'NSW', '2750', -33.751, 150.694, 'MM1'],
  ['Liverpool', 'NSW', '2170', -33.92, 150.924, 'MM1'],
  ['Hornsby', 'NSW', '2077', -33.703, 151.099, 'MM1'],
  ['Manly', 'NSW', '2095', -33.797, 151.285, 'MM1'],
  ['Campbelltown', 'NSW', '2560', -34.065, 150.814, 'MM1'],
  ['Blacktown', 'NSW', '2148', -33.771, 150.906, 'MM1'],
  ['Cronulla', 'NSW', '2230', -34.056, 151.152, 'MM1'],
  ['Randwick', 'NSW', '2031', -33.914, 151.241, 'MM1'],
  ['Marrickville', 'NSW', '2204', -33.911, 151.155, 'MM1'],
  ['Castle Hill', 'NSW', '2154', -33.731, 151.004, 'MM1'],
  ['Wollongong', 'NSW', '2500', -34.425, 150.893, 'MM2'],
  ['Newcastle', 'NSW', '2300', -32.927, 151.776, 'MM1'],
  ['Maitland', 'NSW', '2320', -32.733, 151.557, 'MM2'],
  ['Gosford', 'NSW', '2250', -33.425, 151.342, 'MM1'],
  ['Dubbo', 'NSW', '2830', -32.247, 148.601, 'MM3'],
  ['Orange', 'NSW', '2800', -33.284, 149.1, 'MM3'],
  ['Wagga Wagga', 'NSW', '2650', -35.118, 147.37, 'MM2'],
  ['Tamworth', 'NSW', '2340', -31.092, 150.932, 'MM3'],
  ['Coffs Harbour', 'NSW', '2450', -30.296, 153.114, 'MM2'],
  ['Port Macquarie', 'NSW', '2444', -31.43, 152.908, 'MM2'],
  ['Lismore', 'NSW', '2480', -28.813, 153.277, 'MM3'],
  ['Albury', 'NSW', '2640', -36.081, 146.916, 'MM2'],
  ['Bathurst', 'NSW', '2795', -33.42, 149.578, 'MM3'],
  ['Broken Hill', 'NSW', '2880', -31.956, 141.465, 'MM3'],
  ['Richmond', 'VIC', '3121', -37.823, 144.998, 'MM1'],
  ['Fitzroy', 'VIC', '3065', -37.798, 144.978, 'MM1'],
  ['St Kilda', 'VIC', '3182', -37.868, 144.981, 'MM1'],
  ['Footscray', 'VIC', '3011', -37.8, 144.9, 'MM1'],
  ['Box Hill', 'VIC', '3128', -37.819, 145.122, 'MM1'],
  ['Dandenong', 'VIC', '3175', -37.987, 145.215, 'MM1'],
  ['Frankston', 'VIC', '3199', -38.144, 145.126, 'MM1'],
  ['Brunswick', 'VIC', '3056', -37.767, 144.962, 'MM1'],
  ['Glen Waverley', 'VIC', '3150', -37.878, 145.165, 'MM1'],
  ['Werribee', 'VIC', '3030', -37.9, 144.66, 'MM1'],
  ['Hawthorn', 'VIC', '3122', -37.822, 145.035, 'MM1'],
  ['Sunbury', 'VIC', '3429', -37.577, 144.727, 'MM1'],
  ['Geelong', 'VIC', '3220', -38.149, 144.361, 'MM2'],
  ['Ballarat', 'VIC', '3350', -37.562, 143.85, 'MM2'],
  ['Bendigo', 'VIC', '3550', -36.757, 144.279, 'MM2'],
  ['Shepparton', 'VIC', '3630', -36.38, 145.399, 'MM3'],
  ['Warrnambool', 'VIC', '3280', -38.383, 142.482, 'MM3'],
  ['Mildura', 'VIC', '3500', -34.185, 142.162, 'MM3'],
  ['Traralgon', 'VIC', '3844', -38.195, 146.54, 'MM3'],
  ['Wodonga', 'VIC', '3690', -36.122, 146.888, 'MM2'],
  ['Fortitude Valley', 'QLD', '4006', -27.457, 153.034, 'MM1'],
  ['Toowong', 'QLD', '4066', -27.485, 152.993, 'MM1'],
  ['Chermside', 'QLD', '4032', -27.386, 153.031, 'MM1'],
  ['Logan Central', 'QLD', '4114', -27.639, 153.109, 'MM1'],
  ['Ipswich', 'QLD', '4305', -27.614, 152.76, 'MM1'],
  ['Southport', 'QLD', '4215', -27.967, 153.4, 'MM1'],
  ['Robina', 'QLD', '4226', -28.078, 153.385, 'MM1'],
  ['Redcliffe', 'QLD', '4020', -27.23, 153.11, 'MM1'],
  ['Springfield', 'QLD', '4300', -27.654, 152.917, 'MM1'],
  ['Maroochydore', 'QLD', '4558', -26.657, 153.092, 'MM2'],
  ['Caloundra', 'QLD', '4551', -26.8, 153.133, 'MM2'],
  ['Toowoomba', 'QLD', '4350', -27.561, 151.953, 'MM2'],
  ['Cairns', 'QLD', '4870', -16.92, 145.771, 'MM2'],
  ['Townsville', 'QLD', '4810', -19.259, 146.817, 'MM2'],
  ['Mackay', 'QLD', '4740', -21.141, 149.186, 'MM2'],
  ['Rockhampton', 'QLD', '4700', -23.378, 150.51, 'MM2'],
  ['Bundaberg', 'QLD', '4670', -24.866, 152.349, 'MM3'],
  ['Hervey Bay', 'QLD', '4655', -25.29, 152.84, 'MM3'],
  ['Gladstone', 'QLD', '4680', -23.843, 151.268, 'MM3'],
  ['Mount Isa', 'QLD', '4825', -20.725, 139.497, 'MM6'],
  ['Subiaco', 'WA', '6008', -31.949, 115.826, 'MM1'],
  ['Joondalup', 'WA', '6027', -31.745, 115.766, 'MM1'],
  ['Rockingham', 'WA', '6168', -32.281, 115.73, 'MM1'],
  ['Midland', 'WA', '6056', -31.888, 116.01, 'MM1'],
  ['Armadale', 'WA', '6112', -32.153, 116.015, 'MM1'],
  ['Scarborough', 'WA', '6019', -31.894, 115.757, 'MM1'],
  ['Cannington', 'WA', '6107', -32.017, 115.935, 'MM1'],
  ['Mandurah', 'WA', '6210', -32.536, 115.742, 'MM2'],
  ['Bunbury', 'WA', '6230', -33.327, 115.641, 'MM2'],
  ['Geraldton', 'WA', '6530', -28.774, 114.615, 'MM3'],
  ['Kalgoorlie', 'WA', '6430', -30.749, 121.466, 'MM3'],
  ['Albany', 'WA', '6330', -35.023, 117.884, 'MM3'],
  ['Broome', 'WA', '6725', -17.961, 122.236, 'MM6'],
  ['Glenelg', 'SA', '5045', -34.98, 138.515, 'MM1'],
  ['Elizabeth', 'SA', '5112', -34.72, 138.67, 'MM1'],
  ['Port Adelaide', 'SA', '5015', -34.846, 138.503, 'MM1'],
  ['Modbury', 'SA', '5092', -34.833, 138.683, 'MM1'],
  ['Unley', 'SA', '5061', -34.95, 138.607, 'MM1'],
  ['Mount Barker', 'SA', '5251', -35.067, 138.857, 'MM4'],
  ['Murray Bridge', 'SA', '5253', -35.12, 139.273, 'MM4'],
  ['Whyalla', 'SA', '5600', -33.033, 137.584, 'MM3'],
  ['Mount Gambier', 'SA', '5290', -37.829, 140.782, 'MM3'],
  ['Port Lincoln', 'SA', '5606', -34.726, 135.874, 'MM4'],
  ['Hobart', 'TAS', '7000', -42.882, 147.327, 'MM2'],
  ['Sandy Bay', 'TAS', '7005', -42.904, 147.325, 'MM2'],
  ['Glenorchy', 'TAS', '7010', -42.833, 147.276, 'MM2'],
  ['Kingston', 'TAS', '7050', -42.976, 147.308, 'MM2'],
  ['Launceston', 'TAS', '7250', -41.434, 147.137, 'MM2'],
  ['Devonport', 'TAS', '7310', -41.18, 146.346, 'MM3'],
  ['Burnie', 'TAS', '7320', -41.052, 145.906, 'MM3'],
  ['Belconnen', 'ACT', '2617', -35.238, 149.066, 'MM1'],
  ['Woden', 'ACT', '2606', -35.346, 149.087, 'MM1'],
  ['Tuggeranong', 'ACT', '2900', -35.416, 149.067, 'MM1'],
  ['Gungahlin', 'ACT', '2912', -35.186, 149.133, 'MM1'],
  ['Braddon', 'ACT', '2612', -35.271, 149.135, 'MM1'],
  ['Darwin', 'NT', '0800', -12.463, 130.842, 'MM2'],
  ['Palmerston', 'NT', '0830', -12.486, 130.983, 'MM2'],
  ['Casuarina', 'NT', '0810', -12.374, 130.882, 'MM2'],
  ['Katherine', 'NT', '0850', -14.465, 132.264, 'MM6'],
  ['Tennant Creek', 'NT', '0860', -19.648, 134.191, 'MM7'],
  ['Nhulunbuy', 'NT', '0880', -12.182, 136.784, 'MM7'],
];

const PHN: Record<string, string[]> = {
  NSW: ['Central and Eastern Sydney PHN', 'Western Sydney PHN', 'Hunter New England and Central Coast PHN'],
  VIC: ['North Western Melbourne PHN', 'Eastern Melbourne PHN', 'Western Victoria PHN'],
  QLD: ['Brisbane North PHN', 'Brisbane South PHN', 'Gold Coast PHN', 'Northern Queensland PHN'],
  WA: ['Perth North PHN', 'Perth South PHN', 'Country WA PHN'],
  SA: ['Adelaide PHN', 'Country SA PHN'],
  TAS: ['Primary Health Tasmania'],
  ACT: ['Capital Health Network'],
  NT: ['Northern Territory PHN'],
};

const FIRST_NAMES = [
  'Olivia',
  'Charlotte',
  'Amelia',
  'Isla',
  'Mia',
  'Ava',
  'Grace',
  'Chloe',
  'Sophie',
  'Emily',
  'Ruby',
  'Zoe',
  'Harper',
  'Matilda',
  'Lily',
  'Hannah',
  'Priya',
  'Mei',
  'Aisha',
  'Fatima',
  'Leila',
  'Anh',
  'Sakura',
  'Elena',
  'Oliver',
  'Noah',
  'Jack',
  'William',
  'Leo',
  'Lucas',
  'Thomas',
  'Henry',
  'James',
  'Ethan',
  'Samuel',
  'Lachlan',
  'Cooper',
  'Harrison',
  'Daniel',
  'Michael',
  'Rahul',
  'Arjun',
  'Wei',
  'Minh',
  'Omar',
  'Hamish',
  'Angus',
  'Liam',
];
const LAST_NAMES = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Johnson',
  'White',
  'Martin',
  'Anderson',
  'Thompson',
  'Nguyen',
  'Tran',
  'Le',
  'Ryan',
  'Walker',
  'Harris',
  'Lee',
  'King',
  'Kelly',
  'Campbell',
  'Murphy',
  "O'Connor",
  'Mitchell',
  'Robinson',
  'Clarke',
  'Young',
  'Hughes',
  'Evans',
  'Patel',
  'Singh',
  'Sharma',
  'Chen',
  'Wang',
  'Zhang',
  'Papadopoulos',
  'Rossi',
  'Costa',
  'Kowalski',
  'Novak',
  'Okafor',
  'Haddad',
  'Nasser',
  'McDonald',
  'Fraser',
  'Stewart',
  'Graham',
  'Hall',
  'Wright',
  'Green',
  'Baker',
  'Scott',
  'Morgan',
  'Bennett',
  'Reid',
];
const NAME_WORDS = [
  'Harbourside',
  'Riverside',
  'Parkview',
  'Wattle',
  'Banksia',
  'Grevillea',
  'Acacia',
  'Eucalypt',
  'Bayside',
  'Northside',
  'Southside',
  'Eastside',
  'Hillcrest',
  'Valley',
  'Coastal',
  'Seaview',
  'Lakeside',
  'Bushland',
  'Sunrise',
  'Southern Cross',
  'Red Gum',
  'Ironbark',
  'Jacaranda',
  'Bottlebrush',
  'Kookaburra',
  'Waratah',
  'Cornerstone',
  'Village',
  'Central',
  'Greenfield',
];
const NAME_KINDS = [
  'Medical Centre',
  'Family Practice',
  'General Practice',
  'Health Clinic',
  'Doctors',
  'Medical Group',
  'Family Medical',
  'Medical Practice',
  'Health Centre',
  'GP Clinic',
];
const NETWORK_SUFFIXES = [
  'Health Group',
  'Medical Network',
  'Health Partners',
  'Primary Care',
  'Medical Alliance',
];
const STREETS = [
  'Main Street',
  'High Street',
  'Church Street',
  'Station Street',
  'George Street',
  'King Street',
  'Queen Street',
  'Victoria Road',
  'Railway Parade',
  'Beach Road',
  'Park Avenue',
  'Bridge Road',
  'Princes Highway',
  'Albert Street',
  'Elizabeth Street',
  'Pacific Highway',
  'Mount Street',
  'Ocean Street',
  'Hill Street',
  'Market Street',
];
const NC_STATEMENTS = [
  'Vaccine refrigerator temperatures were not recorded twice daily.',
  'Several clinicians had no evidence of current CPR training.',
  'The complaints process did not tell patients about the external complaints body.',
  'Test results were not consistently signed off by a clinician.',
  'The emergency equipment checklist had not been completed for three months.',
  'Staff shared a login to the clinical software.',
  'No written business continuity plan was available.',
  'Sterilisation records could not be traced to patients.',
];

type Sql = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

/** The generation itself: a handful of set-based statements, all inside the caller's transaction. */
async function generate(sql: Sql, n: number): Promise<void> {
  const max = async (table: string, column = 'id') =>
    Number((await sql(`select coalesce(max(${column}), 0) as m from public.${table}`)).rows[0].m);
  const base = {
    address: await max('addresses'),
    org: await max('organisations'),
    network: await max('practice_networks'),
    user: await max('users'),
    practiceUser: await max('practice_users'),
    contact: await max('contacts'),
    staff: await max('practice_staff'),
    accreditation: await max('accreditations'),
    visit: await max('survey_visits'),
    visitor: await max('survey_visitors'),
    reapplication: await max('reapplications'),
    assessment: await max('assessments'),
    response: await max('indicator_responses'),
    document: await max('documents'),
    certificate: await max('certificates'),
  };
  const version = await sql('select id from public.survey_versions where is_current');
  if (!version.rowCount) throw new Error('no current survey version: the demo seeds did not apply');
  const versionId = Number(version.rows[0].id);
  const demoHash = (await sql(`select password_hash from public.users where email = 'admin@demo.test'`))
    .rows[0]?.password_hash as string | undefined;

  await sql('select setseed(0.20260101)');
  await sql(
    `create temporary table scale_suburb on commit drop as
     select * from json_to_recordset($1::json) as x(i int, suburb text, state text,
       postcode text, lat float8, lng float8, mmm text, phn text[])`,
    [
      JSON.stringify(
        SUBURBS.map(([suburb, state, postcode, lat, lng, mmm], i) => ({
          i,
          suburb,
          state,
          postcode,
          lat,
          lng,
          mmm,
          phn: PHN[state],
        })),
      ),
    ],
  );
  const users = { pm: base.user, surveyor: base.user + 2 * n, qam: base.user + 2 * n + SURVEYORS };
  // One row per generated practice with every random choice made once, so later statements agree.
  await sql(
    `create temporary table scale_p on commit drop as
     with r as (
       select g, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7,
              random() r8, random() r9, random() r10, random() r11
         from generate_series(1, $1::int) g),
     s as (
       select r.*,
         case when r1 < 0.03 then 'APPLICATION' when r1 < 0.07 then 'PAYMENT_PENDING'
              when r1 < 0.27 then 'IN_PROGRESS' when r1 < 0.97 then 'ACCREDITED'
              when r1 < 0.99 then 'EXPIRED' else 'WITHDRAWN' end as pstatus
       from r),
     e as (
       select s.*,
         case when pstatus in ('APPLICATION', 'PAYMENT_PENDING', 'IN_PROGRESS') then 'OPEN' else 'CLOSED' end as astatus,
         case pstatus
           when 'ACCREDITED' then current_date + (r2 * 1125)::int - 30
           when 'EXPIRED' then current_date - 1 - (r2 * 1094)::int
           when 'WITHDRAWN' then current_date - (r2 * 1095)::int
           when 'IN_PROGRESS' then case when r3 < 0.5 then null else current_date + (r2 * 420)::int - 30 end
         end as expiry
       from s)
     select e.g,
       $2::int + g as addr_id, $3::int + g as org_id, $4::int + g as acc_id,
       case when pstatus not in ('APPLICATION', 'PAYMENT_PENDING') then $5::int + g end as visit_id,
       $6::int + g as pres_id,
       pstatus, astatus, expiry,
       case when expiry < current_date and pstatus in ('ACCREDITED', 'IN_PROGRESS') then expiry + 120 end as ext,
       case when astatus = 'CLOSED' then expiry - 1245 else current_date - 14 - (r3 * 300)::int end as app_date,
       case when astatus = 'CLOSED' then expiry - 1095 end as decision,
       (r4 * ${SUBURBS.length})::int % ${SUBURBS.length} as sub,
       case when r7 < 0.3 then $7::int + 1 + (r8 * ${NETWORKS})::int % ${NETWORKS} end as network_id,
       case when pstatus = 'IN_PROGRESS' and g % 10 <> 0 then
              case when r5 < 0.25 then 'PLANNING' when r5 < 0.55 then 'PREFERRED_DAYS_REQ' when r5 < 0.65 then 'DRAFT' else 'FINAL' end
            when pstatus not in ('APPLICATION', 'PAYMENT_PENDING') then 'FINAL' end as visit_status,
       case when g % 10 = 0 and pstatus not in ('APPLICATION', 'PAYMENT_PENDING') then
              case when astatus = 'CLOSED' then 'CERTIFIED'
                   else (array['IN_PROGRESS', 'PARTIALLY_SUBMITTED', 'UNDER_REVIEW', 'ACTION_REQUIRED', 'APPROVED'])[1 + (r6 * 5)::int % 5] end
       end as sv_status,
       case when astatus = 'CLOSED' then 'COMPLETED'
            when pstatus <> 'IN_PROGRESS' then 'IN_PROGRESS'
            when g % 10 = 0 or r5 >= 0.65 then 'COMPLETED'
            when r6 < 0.6 then 'IN_PROGRESS' when r6 < 0.75 then 'UNDER_REVIEW' else 'COMPLETED' end as pres_status,
       case when pstatus = 'ACCREDITED' and expiry < current_date + 180 then
              case when r9 < 0.55 then 'DUE' when r9 < 0.85 then 'PAYMENT_PENDING' end
            when pstatus = 'IN_PROGRESS' and expiry is not null and r9 < 0.6 then 'COMPLETED' end as reapp,
       ${users.qam}::int + 1 + (r10 * ${QAMS})::int % ${QAMS} as qam_id,
       (r11 * ${SURVEYORS})::int % ${SURVEYORS} as su_idx,
       (r2 * 997)::int % ${SURVEYORS - 1} as su_step,
       r3 < 0.5 as second_surveyor,
       r8 as r_name, r9 as r_misc
     from e`,
    [n, base.address, base.org, base.accreditation, base.visit, base.assessment, base.network],
  );
  await sql('create index on scale_p (g)');
  await sql('analyze scale_p');

  // People: QAMs, surveyors (with profiles), two practice managers per practice.
  await sql(
    `insert into public.users (id, email, password_hash, title, first_name, last_name, phone, is_staff, is_qam,
                               is_surveyor, created_at, updated_at)
     overriding system value
     select $1::int + u, 'pm' || u || '@${MARK_DOMAIN}', $2::text, (array['MR','MRS','MS','MISS'])[1 + u % 4],
            ($3::text[])[1 + (u * 7) % array_length($3::text[], 1)], ($4::text[])[1 + (u * 13) % array_length($4::text[], 1)],
            '04' || lpad(((u::bigint * 7919) % 100000000)::text, 8, '0'), false, false, false,
            now() - ((u * 37) % 2000) * interval '1 day', now() - ((u * 37) % 2000) * interval '1 day'
       from generate_series(1, 2 * $5::int) u
     union all
     select ${users.surveyor} + u, 'surveyor' || u || '@${MARK_DOMAIN}', $2::text, (array['DR','DR','MR','MS'])[1 + u % 4],
            ($3::text[])[1 + (u * 11) % array_length($3::text[], 1)], ($4::text[])[1 + (u * 17) % array_length($4::text[], 1)],
            '04' || lpad(((u::bigint * 104729) % 100000000)::text, 8, '0'), false, false, true,
            now() - interval '3 years', now() - interval '3 years'
       from generate_series(1, ${SURVEYORS}) u
     union all
     select ${users.qam} + u, 'qam' || u || '@${MARK_DOMAIN}', $2::text, 'MS',
            ($3::text[])[1 + (u * 5) % array_length($3::text[], 1)], ($4::text[])[1 + (u * 3) % array_length($4::text[], 1)],
            null, true, true, false, now() - interval '4 years', now() - interval '4 years'
       from generate_series(1, ${QAMS}) u`,
    [base.user, demoHash ?? null, FIRST_NAMES, LAST_NAMES, n],
  );
  await sql(
    `insert into public.surveyor_profiles (user_id, rate_classification, home_state, active, created_at)
     select ${users.surveyor} + u, (array['STANDARD','STANDARD','SENIOR','LEAD'])[1 + u % 4],
            (array['NSW','NSW','VIC','VIC','QLD','QLD','WA','SA','TAS','ACT','NT'])[1 + u % 11], u % 25 <> 0,
            now() - interval '3 years'
       from generate_series(1, ${SURVEYORS}) u`,
  );

  // Networks, addresses, organisations, practices.
  await sql(
    `insert into public.practice_networks (id, name, abn, created_at) overriding system value
     select $1::int + x.k, x.word || ' ' || x.suffix,
            lpad(((x.k * 982451653::bigint) % 100000000000)::text, 11, '1'), now() - interval '6 years'
       from (select row_number() over (order by (w.o * 7 + s.o) % 11, w.o, s.o) as k, w.word, s.suffix
               from unnest($2::text[]) with ordinality w(word, o), unnest($3::text[]) with ordinality s(suffix, o)) x
      where x.k <= ${NETWORKS}`,
    [base.network, [...NAME_WORDS, ...SUBURBS.slice(0, 20).map((s) => s[0])], NETWORK_SUFFIXES],
  );
  await sql(
    `insert into public.addresses (id, unit, street, suburb, state, postcode, country, lat, lng) overriding system value
     select p.addr_id, case when p.g % 7 = 0 then 'Suite ' || (1 + p.g % 9) end,
            (1 + (p.g * 7) % 399) || ' ' || ($1::text[])[1 + (p.g * 11) % array_length($1::text[], 1)],
            s.suburb, s.state, s.postcode, 'AU',
            round((s.lat + ((p.g * 37) % 200 - 100) / 10000.0)::numeric, 6),
            round((s.lng + ((p.g * 53) % 200 - 100) / 10000.0)::numeric, 6)
       from scale_p p join scale_suburb s on s.i = p.sub`,
    [STREETS],
  );
  await sql(
    `insert into public.organisations (id, name, legal_entity_name, abn, structure, email, billing_email, website,
                                       phone, fax, physical_address_id, postal_address_id, billing_address_id,
                                       created_at, updated_at)
     overriding system value
     select p.org_id, x.name, x.name || ' Pty Ltd',
            lpad(((p.g::bigint * 7919::bigint + 10000000000) % 100000000000)::text, 11, '5'),
            (array['COMPANY','COMPANY','COMPANY','PARTNERSHIP','TRUST','SOLE_TRADER','NOT_FOR_PROFIT'])[1 + p.g % 7],
            'reception' || p.g || '@${MARK_DOMAIN}', 'accounts' || p.g || '@${MARK_DOMAIN}',
            'https://practice' || p.g || '.example',
            '0' || (array['2','3','7','8'])[1 + p.g % 4] || ' ' || lpad(((p.g::bigint * 7927) % 100000000)::text, 8, '0'), null,
            p.addr_id, p.addr_id, p.addr_id, p.app_date - 30, p.app_date - 30
       from scale_p p join scale_suburb s on s.i = p.sub
       cross join lateral (select case when p.r_name < 0.45 then s.suburb
                                       else ($1::text[])[1 + (p.g * 13) % array_length($1::text[], 1)] end
                                  || ' ' || ($2::text[])[1 + (p.g * 7) % array_length($2::text[], 1)] as name) x`,
    [NAME_WORDS, NAME_KINDS],
  );
  await sql(
    `insert into public.practices (organisation_id, status, active_status, network_id, is_in_practice_network,
        practice_type, mmm, phn, pip_id, meets_gp_definition, is_branch, branch_or_main, is_first_accreditation,
        is_receiving_incentives, first_application_started_date, initial_swpe, tnc_signed, authorization_signed,
        is_staff_first_view, is_documents_first_view, doctor_head_count, doctor_max_count, nurse_head_count,
        nurse_max_count, allied_health_head_count, allied_health_max_count, support_staff_head_count,
        support_staff_max_count, created_at, updated_at)
     select p.org_id, p.pstatus, case when p.pstatus = 'WITHDRAWN' then 'INACTIVE' else 'ACTIVE' end,
            p.network_id, p.network_id is not null,
            case when p.g % 41 = 0 then 'ABORIGINAL_MEDICAL_SERVICE' when p.g % 53 = 0 then 'AFTER_HOURS' else 'GENERAL_PRACTICE' end,
            s.mmm, s.phn[1 + p.g % array_length(s.phn, 1)], 'PIP' || (100000 + p.g), true,
            p.network_id is not null and p.g % 4 = 0,
            case when p.network_id is not null then case when p.g % 4 = 0 then 'BRANCH' else 'MAIN' end end,
            p.expiry is null, p.g % 3 <> 0, p.app_date, 2000 + (p.g::bigint * 7919) % 18000,
            p.pstatus not in ('APPLICATION'), p.pstatus not in ('APPLICATION', 'PAYMENT_PENDING'),
            p.pstatus in ('APPLICATION', 'PAYMENT_PENDING'), p.pstatus in ('APPLICATION', 'PAYMENT_PENDING'),
            3, 4 + p.g % 5, 2, 3 + p.g % 3, p.g % 2, 1 + p.g % 2, 2, 3 + p.g % 4,
            p.app_date - 30, p.app_date - 30
       from scale_p p join scale_suburb s on s.i = p.sub`,
  );

  // Who works where: two practice managers per practice, surveyors on the practices they visit.
  await sql(
    `insert into public.practice_users (id, practice_id, user_id, role, active, created_at) overriding system value
     select $1::int + row_number() over (order by x.practice_id, x.user_id, x.role), x.*
       from (select p.org_id as practice_id, ${users.pm} + 2 * p.g - k as user_id, 'PM' as role, true as active,
                    p.app_date::timestamptz as created_at
               from scale_p p cross join generate_series(0, 1) k
             union all
             select p.org_id, ${users.surveyor} + 1 + su, 'SU', true, p.app_date::timestamptz
               from scale_p p cross join lateral (
                 select p.su_idx as su union all
                 select (p.su_idx + 1 + p.su_step) % ${SURVEYORS} where p.second_surveyor) v
              where p.visit_status in ('FINAL', 'PREFERRED_DAYS_REQ', 'DRAFT')) x`,
    [base.practiceUser],
  );

  // Staff register: eight per practice across types; a few resigned, most verified.
  await sql(
    `insert into public.practice_staff (id, practice_id, title, first_name, last_name, type, registration_num,
        employment_type, start_date, employment_status, resignation_date, email, vr_status, hours_per_week, fte_band,
        cpr_expiry, qicpd, qa_cpd_num, phone, active, verified, verified_at, verified_by_id, created_at, updated_at)
     overriding system value
     select $1::int + (p.g - 1) * ${STAFF_PER_PRACTICE} + k + 1, p.org_id,
            case when t.type = 'gp' then 'DR' else (array['MR','MRS','MS','MISS'])[1 + (p.g + k) % 4] end,
            f.first_name, l.last_name, t.type,
            case t.type when 'gp' then 'MED' || lpad(((p.g * 8 + k)::bigint * 7919 % 10000000000)::text, 10, '0')
                        when 'nurse' then 'NMW' || lpad(((p.g * 8 + k)::bigint * 6007 % 10000000000)::text, 10, '0')
                        when 'allied_health' then 'PHY' || lpad(((p.g * 8 + k)::bigint * 5003 % 10000000000)::text, 10, '0') end,
            case when k = 0 then 'OWNER' when t.type = 'gp' and k = 2 then 'CONTRACTOR' else 'EMPLOYEE' end,
            d.start_date,
            case when d.resigned then 'INACTIVE' else 'ACTIVE' end,
            case when d.resigned then least(current_date - 1, d.start_date + 100 + (p.g % 300)) end,
            lower(replace(f.first_name || '.' || l.last_name, '''', '')) || '.' || p.g || k || '@${MARK_DOMAIN}',
            case when t.type = 'gp' then case when k = 2 then 'FELLOWSHIP_PATHWAY' else 'VR' end end,
            h.hours, case when h.hours >= 30 then 'FTE_75_100' when h.hours >= 20 then 'FTE_50_75' else 'FTE_25_50' end,
            current_date + ((p.g * 31 + k * 97) % 1100) - 60,
            case when t.type = 'gp' then case when (p.g + k) % 3 = 0 then 'ACRRM' else 'RACGP' end end,
            case when t.type = 'gp' then (400000 + (p.g * 8 + k) % 500000)::text end,
            '04' || lpad((((p.g * 8 + k)::bigint * 104729) % 100000000)::text, 8, '0'),
            not d.resigned, v.verified, case when v.verified then d.start_date + 7 end,
            case when v.verified then ${users.pm} + 2 * p.g - 1 end,
            d.start_date, d.start_date
       from scale_p p
       cross join generate_series(0, ${STAFF_PER_PRACTICE - 1}) k
       cross join lateral (select (array['gp','gp','gp','nurse','nurse','support','support',
                                         case when p.g % 2 = 0 then 'allied_health' else 'other' end])[k + 1] as type) t
       cross join lateral (select ($2::text[])[1 + (p.g * 8 + k) * 7 % array_length($2::text[], 1)] as first_name) f
       cross join lateral (select ($3::text[])[1 + ((p.g * 8 + k) * 13 + p.g) % array_length($3::text[], 1)] as last_name) l
       cross join lateral (select (array[38, 30.5, 24, 16, 40, 20, 8])[1 + (p.g + k) % 7]::numeric as hours) h
       cross join lateral (select current_date - 200 - ((p.g * 8 + k) * 53) % 4000 as start_date,
                                  k = 7 and p.g % 9 = 0 as resigned) d
       cross join lateral (select (p.g + k) % 5 <> 0 as verified) v`,
    [base.staff, FIRST_NAMES, LAST_NAMES],
  );

  // Four nominated contacts per practice, then the accreditation cycles that name them.
  await sql(
    `insert into public.contacts (id, practice_id, first_name, last_name, type, user_id, email, phone, created_at, updated_at)
     overriding system value
     select $1::int + (p.g - 1) * 4 + k + 1, p.org_id, s.first_name, s.last_name,
            (array['ACCREDITATION','GP','NURSE','SUPPORT'])[k + 1],
            case when k = 0 then ${users.pm} + 2 * p.g - 1 end, s.email, s.phone, p.app_date, p.app_date
       from scale_p p cross join generate_series(0, 3) k
       join public.practice_staff s on s.id = $2::int + (p.g - 1) * ${STAFF_PER_PRACTICE} + (array[6, 1, 4, 7])[k + 1]`,
    [base.contact, base.staff],
  );
  await sql(
    `insert into public.accreditations (id, practice_id, status, survey_version_id, qam_id, application_date,
        accreditation_decision_date, self_assessment_due, survey_visit_due, expiry_date, ext_date, swpe, is_first_view,
        nominated_accreditation_contact_id, nominated_gp_contact_id, nominated_nurse_contact_id,
        nominated_support_contact_id, created_at, updated_at)
     overriding system value
     select p.acc_id, p.org_id, p.astatus, $1::int, p.qam_id, p.app_date, p.decision,
            case when p.pstatus not in ('APPLICATION', 'PAYMENT_PENDING') then p.app_date + 90 end,
            case when p.pstatus not in ('APPLICATION', 'PAYMENT_PENDING') then p.app_date + 200 end,
            p.expiry, p.ext, 2000 + (p.g::bigint * 7919) % 18000, p.pstatus in ('APPLICATION', 'PAYMENT_PENDING'),
            $2::int + (p.g - 1) * 4 + 1, $2::int + (p.g - 1) * 4 + 2, $2::int + (p.g - 1) * 4 + 3, $2::int + (p.g - 1) * 4 + 4,
            p.app_date, p.app_date
       from scale_p p`,
    [versionId, base.contact],
  );
  await sql(
    `insert into public.survey_visits (id, accreditation_id, type, status, date, due, start_time, end_time,
        confirmation_form_status, date_preferred_days_notif_sent, created_at, updated_at)
     overriding system value
     select p.visit_id, p.acc_id, case when p.g % 37 = 0 then 'SURVEILLANCE' else 'ACCREDITATION' end, p.visit_status,
            v.date, v.due, case when p.visit_status = 'FINAL' then time '08:30' end,
            case when p.visit_status = 'FINAL' then time '16:30' end,
            case when p.visit_status = 'FINAL' then 'RECEIVED' when p.visit_status = 'DRAFT' then 'SENT' else 'NOT_SENT' end,
            case when p.visit_status = 'PREFERRED_DAYS_REQ' then now() - (p.g % 20) * interval '1 day' end,
            p.app_date, p.app_date
       from scale_p p
       cross join lateral (select
         case when p.visit_status = 'FINAL' then
                case when p.astatus = 'CLOSED' then p.decision - 45 else current_date - 5 - p.g % 60 end end as date,
         case when p.visit_status = 'FINAL' then
                case when p.astatus = 'CLOSED' then p.decision - 45 else current_date - 5 - p.g % 60 end
              when p.visit_status = 'PREFERRED_DAYS_REQ' then current_date + 30 + p.g % 90
              else current_date + 20 + p.g % 200 end as due) v
      where p.visit_id is not null`,
  );
  await sql(
    `insert into public.survey_visitors (id, survey_visit_id, user_id, status, is_lead, actual_start_time,
        actual_end_time, hours_worked_before_visit, hours_worked_after_visit, hours_worked_confirmed, created_at)
     overriding system value
     select $1::int + row_number() over (order by p.g, v.lead desc), p.visit_id, ${users.surveyor} + 1 + v.su,
            case when v.lead or p.visit_status in ('FINAL', 'DRAFT') then 'ACCEPTED' else 'OFFERED' end, v.lead,
            case when p.visit_status = 'FINAL' then time '08:25' end, case when p.visit_status = 'FINAL' then time '16:40' end,
            case when p.visit_status = 'FINAL' then 2 + p.g % 3 end, case when p.visit_status = 'FINAL' then 1 + p.g % 3 end,
            p.visit_status = 'FINAL', p.app_date
       from scale_p p cross join lateral (
         select p.su_idx as su, true as lead union all
         select (p.su_idx + 1 + p.su_step) % ${SURVEYORS}, false where p.second_surveyor) v
      where p.visit_status in ('FINAL', 'PREFERRED_DAYS_REQ', 'DRAFT')`,
    [base.visitor],
  );
  await sql(
    `insert into public.reapplications (id, practice_id, accreditation_id, status, due_date, paid_at, created_at, updated_at)
     overriding system value
     select $1::int + row_number() over (order by p.g), p.org_id, p.acc_id, p.reapp,
            coalesce(p.expiry, current_date) - 60,
            case when p.reapp = 'COMPLETED' then p.app_date - 10 end,
            case when p.reapp = 'COMPLETED' then p.app_date - 40 else now() - (p.g % 60) * interval '1 day' end,
            case when p.reapp = 'COMPLETED' then p.app_date - 10 else now() - (p.g % 60) * interval '1 day' end
       from scale_p p where p.reapp is not null`,
    [base.reapplication],
  );

  // Assessments: a self assessment per cycle, a survey visit assessment for about one in ten.
  await sql(
    `insert into public.assessments (id, accreditation_id, survey_visit_id, type, status, due_date, action_plan_due,
        last_updated_by_id, created_at, updated_at)
     overriding system value
     select p.pres_id, p.acc_id, null, 'PRESURVEY', p.pres_status, p.app_date + 90, null, ${users.pm} + 2 * p.g - 1,
            p.app_date + 5, p.app_date + 60
       from scale_p p
     union all
     select $1::int + p.g, p.acc_id, p.visit_id, 'SURVEY_VISIT', p.sv_status, v.date,
            case when p.sv_status in ('ACTION_REQUIRED', 'APPROVED', 'CERTIFIED') then v.date + 60 end,
            ${users.surveyor} + 1 + p.su_idx, v.date - 3, v.date + 10
       from scale_p p join public.survey_visits v on v.id = p.visit_id
      where p.sv_status is not null`,
    [base.assessment + n],
  );
  // Checklist ticks per indicator for MET (all must-haves and most other items) and NOT_MET
  // (the first must-have unticked), computed once from the standards.
  await sql(
    `create temporary table scale_ticks on commit drop as
     select i.id as indicator_id, row_number() over (order by s.sort_order, i.sort_order, i.id) as pos,
       (select jsonb_object_agg(c.question_number::text, (select jsonb_object_agg(ci.item_number::text, ci.must_have or ci.id % 3 <> 0)
                 from public.checklist_items ci where ci.checklist_id = c.id)) from public.checklists c where c.indicator_id = i.id) as met,
       (select jsonb_object_agg(c.question_number::text, (select jsonb_object_agg(ci.item_number::text,
                 ci.id <> fm.id and (ci.must_have or ci.id % 3 <> 0))
                 from public.checklist_items ci where ci.checklist_id = c.id)) from public.checklists c where c.indicator_id = i.id) as not_met,
       (select jsonb_object_agg(c.question_number::text, (select jsonb_object_agg(ci.item_number::text, true)
                 from public.checklist_items ci where ci.checklist_id = c.id)) from public.checklists c where c.indicator_id = i.id) as all_ticked
     from public.indicators i join public.indicator_sets s on s.id = i.indicator_set_id and s.survey_version_id = $1
     cross join lateral (select min(ci.id) as id from public.checklist_items ci join public.checklists c on c.id = ci.checklist_id
                          where c.indicator_id = i.id and ci.must_have) fm`,
    [versionId],
  );
  await sql(
    `insert into public.indicator_responses (id, assessment_id, indicator_id, compliance, is_marked_complete,
        further_action_required, reviewed, non_conformity_status, refer_to_ca, date_closed, non_compliance_statement,
        non_compliance_type, risk_type, risk_likelihood, risk_impact, risk_rating, observation, nc_status_created_by_id,
        last_updated_by_id, checklists, created_at, updated_at)
     overriding system value
     select $1::int + row_number() over (order by a.id, t.pos), a.id, t.indicator_id, c.compliance, false, false,
            a.status not in ('IN_PROGRESS', 'PARTIALLY_SUBMITTED', 'UNDER_REVIEW'),
            nc.status, false, case when nc.status = 'CLOSED' then a.created_at::date + 30 end,
            case when c.compliance = 'NOT_MET' then ($2::text[])[1 + (a.id + t.pos) % array_length($2::text[], 1)] end,
            case when c.compliance = 'NOT_MET' then (array['Documentation','Process','Equipment','Training'])[1 + (a.id + t.pos) % 4] end,
            case when c.compliance = 'NOT_MET' then (array['Clinical','Patient safety','Organisational','Privacy'])[1 + (a.id * 3 + t.pos) % 4] end,
            rk.likelihood, rk.impact, public.risk_rating_for(rk.likelihood, rk.impact),
            case when c.compliance = 'MET' and (a.id + t.pos) % 11 = 0 then 'Consider sharing this good practice with the network.' end,
            case when c.compliance = 'NOT_MET' then a.last_updated_by_id end, a.last_updated_by_id,
            case c.compliance when 'MET' then t.met when 'NOT_MET' then t.not_met else '{}'::jsonb end,
            a.created_at, a.updated_at
       from public.assessments a
       join scale_p p on a.id = $3::int + p.g
       cross join scale_ticks t
       cross join lateral (select (abs(hashint8(a.id::bigint * 1000 + t.pos)) % 1000) / 1000.0 as x) rnd
       cross join lateral (select case
              when a.status in ('IN_PROGRESS') and t.pos % 3 = 0 then null
              when rnd.x < 0.06 then 'NOT_MET' when rnd.x < 0.08 then 'NOT_APPLICABLE' else 'MET' end as compliance) c
       cross join lateral (select case when c.compliance = 'NOT_MET' then
              case when a.status in ('APPROVED', 'CERTIFIED') or (a.status = 'ACTION_REQUIRED' and t.pos % 2 = 0)
                   then 'CLOSED' else 'OPEN' end else 'OPEN' end as status) nc
       cross join lateral (select
              case when c.compliance = 'NOT_MET' then (array['LOW','MODERATE','HIGH'])[1 + (a.id + t.pos) % 3] end as likelihood,
              case when c.compliance = 'NOT_MET' then (array['LOW','MODERATE','HIGH','MODERATE'])[1 + (a.id * 7 + t.pos) % 4] end as impact) rk`,
    [base.response, NC_STATEMENTS, base.assessment + n],
  );
  // Completed self assessments: every indicator marked complete.
  await sql(
    `insert into public.indicator_responses (id, assessment_id, indicator_id, compliance, is_marked_complete,
        reviewed, last_updated_by_id, checklists, created_at, updated_at)
     overriding system value
     select m.m + row_number() over (order by p.g, t.pos), p.pres_id, t.indicator_id,
            case when (p.g + t.pos) % 29 = 0 then 'NOT_APPLICABLE' end, (p.g + t.pos) % 29 <> 0, true,
            ${users.pm} + 2 * p.g - 1,
            case when (p.g + t.pos) % 29 = 0 then '{}'::jsonb else t.all_ticked end,
            p.app_date + 5, p.app_date + 60
       from scale_p p cross join scale_ticks t
       cross join (select max(id) as m from public.indicator_responses) m
      where p.pres_status = 'COMPLETED'`,
  );
  // Surveyors' agreements, submissions and summaries; action plans for the not-met indicators.
  await sql(
    `insert into public.confidentiality_signs (assessment_id, user_id, signed_at)
     select a.id, v.user_id, a.created_at from public.assessments a
       join public.survey_visitors v on v.survey_visit_id = a.survey_visit_id and v.status = 'ACCEPTED'
      where a.id > $1::int`,
    [base.assessment + n],
  );
  await sql(
    `insert into public.assessment_submissions (assessment_id, user_id, submitted_at)
     select a.id, v.user_id, a.updated_at from public.assessments a
       join public.survey_visitors v on v.survey_visit_id = a.survey_visit_id and v.status = 'ACCEPTED'
      where a.id > $1::int and (a.status not in ('IN_PROGRESS', 'PARTIALLY_SUBMITTED') or (a.status = 'PARTIALLY_SUBMITTED' and v.is_lead))`,
    [base.assessment + n],
  );
  await sql(
    `insert into public.general_comments (assessment_id, user_id, text, created_at, updated_at)
     select a.id, v.user_id,
            case when v.is_lead then 'The practice team was well prepared and records were of a good standard. '
                   || 'Non-conformities are described against each indicator; the practice manager accepted the findings.'
                 else 'Agree with the lead surveyor.' end, a.updated_at, a.updated_at
       from public.assessments a
       join public.survey_visitors v on v.survey_visit_id = a.survey_visit_id and v.status = 'ACCEPTED'
      where a.id > $1::int and a.status not in ('IN_PROGRESS')`,
    [base.assessment + n],
  );
  await sql(
    `insert into public.action_plan_activities (indicator_response_id, description, responsible, due_date, status,
        closed_at, created_by_id, created_at)
     select r.id, 'Address the finding: ' || lower(left(r.non_compliance_statement, 1)) || substr(r.non_compliance_statement, 2),
            'Practice manager', a.action_plan_due, r.non_conformity_status,
            case when r.non_conformity_status = 'CLOSED' then r.date_closed::timestamptz end,
            a.last_updated_by_id, a.updated_at
       from public.indicator_responses r join public.assessments a on a.id = r.assessment_id
      where a.id > $1::int and a.status in ('ACTION_REQUIRED', 'APPROVED', 'CERTIFIED') and r.compliance = 'NOT_MET'`,
    [base.assessment + n],
  );
  // A few documents per practice in the provider folders, and certificates for accredited cycles.
  await sql(
    `insert into public.documents (id, practice_id, folder_id, name, storage_key, file_size, file_type, uploaded_at,
        created_at, created_by_id)
     overriding system value
     select $1::int + (p.g - 1) * 3 + k + 1, p.org_id, f.id, d.name,
            'practices/' || p.org_id || '/' || md5(p.g || '-' || k)::uuid || '-' || replace(lower(d.name), ' ', '-'),
            20000 + (p.g::bigint * 7919 + k::bigint * 104729) % 5000000, d.mime, p.app_date + 3 + k, p.app_date + 3 + k,
            ${users.pm} + 2 * p.g - 1
       from scale_p p cross join generate_series(0, 2) k
       cross join lateral (select (array['Policy and procedure manual.pdf','Staff training register.xlsx','Previous accreditation certificate.pdf'])[k + 1] as name,
                                  (array['application/pdf','application/vnd.openxmlformats-officedocument.spreadsheetml.sheet','application/pdf'])[k + 1] as mime,
                                  (array['POLICIES','STAFF_DOCUMENTS','PREV_ACCRED'])[k + 1] as code) d
       join public.folders f on f.code = d.code and f.practice_id is null and not f.archived`,
    [base.document],
  );
  await sql(
    `insert into public.certificates (id, practice_id, accreditation_id, assessment_id, type, validity, name,
        issuing_provider, storage_key, certification_date, issue_date, commencement_date, expiry_date, certified_by_id, created_at)
     overriding system value
     select $1::int + row_number() over (order by p.g), p.org_id, p.acc_id, sv.id, 'ACCREDITATION',
            case when p.pstatus = 'ACCREDITED' then 'VALID' else 'SUPERSEDED' end, o.name, 'Demo Accreditation Provider',
            'certificates/' || p.org_id || '/accreditation.pdf', p.decision, p.decision, p.decision, p.expiry,
            (select id from public.users where email = 'admin@demo.test'), p.decision
       from scale_p p join public.organisations o on o.id = p.org_id
       left join public.assessments sv on sv.survey_visit_id = p.visit_id
      where p.astatus = 'CLOSED' and p.pstatus in ('ACCREDITED', 'EXPIRED')`,
    [base.certificate],
  );
  // The trigger's rule, applied once: the latest non-archived cycle of each generated practice.
  await sql(
    `update public.practices pr set current_accreditation_id = c.id
       from (select distinct on (a.practice_id) a.practice_id, a.id from public.accreditations a
              where not a.archived and a.practice_id > $1::int
              order by a.practice_id, a.created_at desc, a.id desc) c
      where pr.organisation_id = c.practice_id and pr.current_accreditation_id is distinct from c.id`,
    [base.org],
  );
  // Identity sequences past everything we inserted with explicit ids.
  await sql(
    `do $$ declare t record; begin
       for t in select c.relname from pg_attribute a join pg_class c on c.oid = a.attrelid
                 join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = 'public' and a.attidentity <> '' and c.relkind = 'r' and a.attname = 'id' loop
         execute format('select setval(pg_get_serial_sequence(%L, ''id''), greatest(m, 1), m > 0)'
                        || ' from (select coalesce(max(id), 0) as m from public.%I) x', 'public.' || t.relname, t.relname);
       end loop;
     end $$`,
  );
}

/** Row counts of every table in `public`. */
async function countRows(client: pg.Client): Promise<Record<string, number>> {
  const tables = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const union = tables.rows
    .map((t) => `select '${t.name}' as name, count(*)::bigint as n from public.${t.name}`)
    .join(' union all ');
  const rows = await client.query<{ name: string; n: string }>(union);
  const out: Record<string, number> = {};
  for (const r of rows.rows.sort((a, b) => a.name.localeCompare(b.name)))
    if (Number(r.n) > 0) out[r.name] = Number(r.n);
  return out;
}

/** Bypasses triggers (audit, current accreditation) and FK checks for the bulk load, or says why not. */
async function bypassTriggers(client: pg.Client): Promise<'replica' | 'disabled'> {
  await client.query('savepoint bypass');
  try {
    await client.query('set local session_replication_role = replica');
    return 'replica';
  } catch {
    await client.query('rollback to savepoint bypass');
  }
  // Not a superuser: turn off our own triggers per table for this transaction (needs table ownership).
  const triggers = await client.query<{ table: string; name: string }>(
    `select c.relname as table, t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not t.tgisinternal
        and (t.tgname like '%\\_audit' or t.tgname = 'accreditations_refresh_current')`,
  );
  for (const t of triggers.rows) {
    await client.query(`alter table public.${t.table} disable trigger ${t.name}`);
  }
  return 'disabled';
}

async function restoreTriggers(client: pg.Client): Promise<void> {
  const triggers = await client.query<{ table: string; name: string }>(
    `select c.relname as table, t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not t.tgisinternal and t.tgenabled = 'D'`,
  );
  for (const t of triggers.rows) await client.query(`alter table public.${t.table} enable trigger ${t.name}`);
}

/** `npm run seed:scale -- --practices N [--database-url URL] [--reset] [--results FILE]`. */
export async function runSeedScale(argv: string[]): Promise<void> {
  const options = parseOptions(argv);
  const log = options.quiet ? () => {} : (line: string) => console.log(`seed-scale: ${line}`);
  const started = performance.now();
  const { url, cluster } = await openTarget(options, log);
  try {
    const project = loadProject(path.join(ROOT, 'hasura'));
    const migrations = await applyMigrations({ project, databaseUrl: url });
    log(`migrations applied: ${migrations.length} new`);
    await applySeeds({ project, databaseUrl: url });
    log('demo seeds applied');

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const existing = await client.query(
        `select count(*)::int as n from public.organisations where email like '%@${MARK_DOMAIN}'`,
      );
      if (existing.rows[0].n > 0) {
        throw new Error(
          `database ${databaseNameOf(url)} already holds ${existing.rows[0].n} generated practices; run with --reset`,
        );
      }
      const generationStarted = performance.now();
      await client.query('begin');
      let mode: 'replica' | 'disabled';
      try {
        await client.query("set local synchronous_commit = off; set local work_mem = '256MB'");
        mode = await bypassTriggers(client);
        log(
          mode === 'replica'
            ? 'bulk load with session_replication_role = replica: no triggers (the audit log skips generated rows)'
            : 'bulk load with audit and current-accreditation triggers disabled (the audit log skips generated rows)',
        );
        const sql: Sql = (text, values) => client.query(text, values);
        await generate(sql, options.practices);
        if (mode === 'disabled') await restoreTriggers(client);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      }
      const generateSeconds = (performance.now() - generationStarted) / 1000;
      log(`generated ${options.practices} practices in ${generateSeconds.toFixed(1)} s; analyzing`);
      await client.query('analyze');
      const rows = await countRows(client);
      const version = (await client.query<{ v: string }>("select current_setting('server_version') as v"))
        .rows[0]!.v;
      const result: SeedScaleResult = {
        practices: options.practices,
        seconds: Math.round(((performance.now() - started) / 1000) * 10) / 10,
        generate_seconds: Math.round(generateSeconds * 10) / 10,
        rows,
        postgres_version: version,
        date: new Date().toISOString(),
      };
      mkdirSync(path.dirname(options.results), { recursive: true });
      writeFileSync(options.results, `${JSON.stringify(result, null, 2)}\n`);
      log(`done in ${result.seconds} s (generation ${result.generate_seconds} s), PostgreSQL ${version}`);
      if (!options.quiet) {
        const width = Math.max(...Object.keys(rows).map((k) => k.length));
        for (const [table, n] of Object.entries(rows)) console.log(`  ${table.padEnd(width)} ${n}`);
      }
      log(`results written to ${path.relative(process.cwd(), options.results) || options.results}`);
    } finally {
      await client.end();
    }
  } finally {
    await cluster?.stop();
  }
}
