import pg from 'pg';
import { createDb } from '../../../actions/src/plugins/app/db.ts';
import { loadComparativeReport } from '../../../actions/src/services/reports/comparative-report.ts';
import { openScaleDatabase } from '../data/scale-database.ts';
import { type Summary, sequential, summarize } from '../lib/stats.ts';

/**
 * The comparative report's loader (all its statements, one read-only snapshot) on the
 * 20,000-practice data, as a QAM, for `practices` surveyed practices taken in turn: warm-up
 * rounds first, then `iterations` measured calls. Meant for `npm run bench -- reports` (issue
 * 18); runnable alone: `npx tsx bench/src/reports/comparative-bench.ts [--database-url URL]`.
 */
export async function measureComparativeReport(
  url: string,
  options: { iterations?: number; warmup?: number; practices?: number } = {},
): Promise<Summary & { practices: number }> {
  const { iterations = 60, warmup = 10, practices = 20 } = options;
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const db = createDb(pool);
    const { rows } = await pool.query<{ id: number }>(
      `select distinct acc.practice_id as id
         from public.assessments s join public.accreditations acc on acc.id = s.accreditation_id
        where s.type = 'SURVEY_VISIT' and s.status in ('ACTION_REQUIRED', 'APPROVED', 'CERTIFIED')
        order by 1 limit $1`,
      [practices],
    );
    const ids = rows.map((row) => row.id);
    const caller = {
      userId: 0,
      role: 'qam',
      backOfficeRole: 'qam' as const,
      actor: { userId: 0, role: 'qam' },
    };
    const run = (i: number) => loadComparativeReport(db, caller, { practice: ids[i % ids.length] });
    await sequential(warmup, run);
    return { ...summarize(await sequential(iterations, run)), practices: ids.length };
  } finally {
    await pool.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--database-url');
  const scale = await openScaleDatabase(20_000, at > 0 ? process.argv[at + 1] : undefined, (line) =>
    console.log(line),
  );
  try {
    console.log(JSON.stringify({ comparative: await measureComparativeReport(scale.url) }, null, 2));
  } finally {
    await scale.close();
  }
}
