import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dryRunMove, moveAssessments } from '@portal/actions/move-assessments';
import { migratedDatabase } from '@portal/testkit/rated-survey';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { REPO_ROOT } from '../data/scale-database.ts';
import { startRunInfo } from '../lib/run-info.ts';
import { summarize } from '../lib/stats.ts';
import { createEditionsData } from './editions-data.ts';

/**
 * `npm run bench -- editions`: moving `--assessments` self assessments of 150 answered indicators
 * (a comment and an evidence document each) to a newer edition through the move service, one
 * transaction per assessment as the admin API does it: the total against one minute, and the
 * per-assessment p95. A dry run of the same selection is timed first. The data is the bench's own,
 * in a throwaway migrated database (a move changes what it moves, so not the shared scale data).
 */

const DEFAULT_RESULTS = path.join(REPO_ROOT, 'bench/results/editions.json');
const TARGET_TOTAL_MS = 60_000;

export async function runEditionsBench(args: string[], options: { stack?: TestStack } = {}): Promise<number> {
  const info = startRunInfo();
  const { values } = parseArgs({
    args,
    options: {
      assessments: { type: 'string', default: '1000' },
      results: { type: 'string', default: DEFAULT_RESULTS },
    },
  });
  const count = Number(values.assessments);
  console.log(`editions: a migrated database, ${count} assessments of 150 indicators…`);
  const stack = options.stack ?? (await startTestStack({ database: await migratedDatabase() }));
  try {
    const setupStarted = performance.now();
    const data = await createEditionsData(stack.sql, count);
    const setupMs = performance.now() - setupStarted;
    const request = { mappingId: data.mappingId, assessmentIds: data.assessmentIds };

    const dryStarted = performance.now();
    const dry = await dryRunMove(stack.app, data.adminId, request);
    const dryMs = performance.now() - dryStarted;

    const samples: number[] = [];
    const started = performance.now();
    const result = await moveAssessments(stack.app, data.adminId, request, {
      onEach: (_id, ms) => samples.push(ms),
    });
    const totalMs = performance.now() - started;
    const copies = await stack.sql.query<{ responses: number; comments: number; documents: number }>(
      `select (select count(*) from public.indicator_responses r join public.assessments a on a.id = r.assessment_id
                where a.survey_version_id = (select to_version_id from public.edition_mappings where id = $1))::int as responses,
              (select count(*) from public.comments c join public.indicator_responses r on r.id = c.indicator_response_id
                 join public.assessments a on a.id = r.assessment_id where a.moved_to_assessment_id is null
                  and a.survey_version_id = (select to_version_id from public.edition_mappings where id = $1))::int as comments,
              (select count(*) from public.assessment_move_documents)::int as documents`,
      [data.mappingId],
    );
    const perAssessment = summarize(samples);
    const output = {
      bench: 'editions',
      run: info.finish(),
      assessments: count,
      indicators: 150,
      setup_ms: Math.round(setupMs),
      dry_run_ms: Math.round(dryMs),
      dry_run_refused: dry.filter((a) => a.refused).length,
      moved: result.moved.length,
      refused: result.refused.length,
      total_ms: Math.round(totalMs),
      target_total_ms: TARGET_TOTAL_MS,
      met: result.moved.length === count && totalMs < TARGET_TOTAL_MS,
      per_assessment: perAssessment,
      carried: copies.rows[0],
    };
    console.table({
      'dry run (all)': { ms: output.dry_run_ms },
      'move (all)': { ms: output.total_ms, target: TARGET_TOTAL_MS, met: output.met },
      'per assessment p95': { ms: perAssessment.p95_ms },
      'per assessment median': { ms: perAssessment.median_ms },
    });
    if (result.refused.length) console.log('refused:', result.refused.slice(0, 5));
    mkdirSync(path.dirname(values.results), { recursive: true });
    writeFileSync(values.results, `${JSON.stringify(output, null, 2)}\n`);
    console.log(`wrote ${path.relative(process.cwd(), values.results)}`);
    return output.met ? 0 : 1;
  } finally {
    if (!options.stack) {
      // Stopping the throwaway cluster ends its connections; a pooled one may say so after its pool closed.
      process.on('uncaughtException', (error: Error & { code?: string }) => {
        if (error.code !== '57P01') throw error;
      });
      await stack.close();
    }
  }
}
