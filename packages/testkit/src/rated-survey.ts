import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, startCluster, withDatabase } from '@portal/devdb';
import { applyMigrations, loadProject } from '@portal/engine';
import { addPracticeRole, createAssessment, createPractice, createUser } from './factories.ts';
import {
  createAccreditation,
  createActivity,
  createComments,
  createGeneralComment,
  createResponse,
  createStandards,
  createSurveyVisit,
} from './report-factories.ts';
import type { TestStack } from './test-stack.ts';

/**
 * The data of the report cases of the `pdf` bench (and of e2e/src/pdf-screenshots.ts): a throwaway
 * embedded PostgreSQL with every migration, and a practice with a survey visit ACTION_REQUIRED whose
 * indicators are all rated with every field filled.
 */

const HASURA_DIR = path.resolve(import.meta.dirname, '../../../hasura');

const LONG =
  'The practice keeps a current, documented and regularly reviewed process for this part of care, and every member of the team can explain it when asked.';

/** A throwaway embedded PostgreSQL with every migration applied (no demo data), removed by `drop`. */
export async function migratedDatabase() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-pdf-'));
  chmodSync(dir, 0o755);
  const cluster = await startCluster({ dataDir: path.join(dir, 'data'), durable: false });
  await createDatabase(cluster.url(), 'portal');
  const url = withDatabase(cluster.url(), 'portal');
  await applyMigrations({ project: loadProject(HASURA_DIR), databaseUrl: url });
  return {
    name: 'portal',
    url,
    drop: async () => {
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A practice with a fully rated survey visit of `indicators` indicators, `notMet` of them Not met. */
export async function createRatedSurvey(
  stack: TestStack,
  shape: { indicators: number; notMet: number; activities: number },
) {
  const { sql } = stack;
  const pm = await createUser(sql, { firstName: 'Pat', lastName: 'Manager' });
  const surveyors = [
    await createUser(sql, { firstName: 'Lee', lastName: 'Zhang', isSurveyor: true }),
    await createUser(sql, { firstName: 'Ana', lastName: 'Bell', isSurveyor: true }),
    await createUser(sql, { firstName: 'Sam', lastName: 'Okafor', isSurveyor: true }),
  ];
  const practice = await createPractice(sql, { name: 'Harbour Road Family Practice' });
  await addPracticeRole(sql, practice.id, pm.id, 'PM');
  const perSet = 15;
  const standards = await createStandards(sql, {
    sets: Math.ceil(shape.indicators / perSet),
    indicatorsPerSet: perSet,
    questionsPerIndicator: 2,
    itemsPerQuestion: 3,
    indicatorName: (s, i) => `Indicator ${s}.${i}: ${LONG}`,
  });
  const accreditation = await createAccreditation(sql, practice.id, standards.surveyVersionId);
  const visit = await createSurveyVisit(sql, accreditation, {
    visitorIds: surveyors.map((s) => s.id),
    lead: true,
    startTime: '08:30',
    endTime: '17:00',
  });
  const { id: assessmentId } = await createAssessment(sql, accreditation, {
    survey_visit_id: visit,
    status: 'ACTION_REQUIRED',
    due_date: '2026-04-30',
    action_plan_due: '2027-03-01',
  });
  const ticks = { '1': { '1': true, '2': true, '3': true }, '2': { '1': true, '2': true, '3': false } };
  const levels = ['LOW', 'MODERATE', 'HIGH'] as const;
  const indicators = standards.indicators.slice(0, shape.indicators);
  // Every stride-th indicator is Not met, `notMet` of them spread over the standards.
  const stride = Math.max(1, Math.floor(indicators.length / shape.notMet));
  for (const [index, indicator] of indicators.entries()) {
    const notMet = index % stride === 0 && index / stride < shape.notMet;
    const responseId = await createResponse(sql, assessmentId, indicator.id, {
      compliance: notMet ? 'NOT_MET' : 'MET',
      checklists: ticks,
      reviewed: index % 2 === 0,
      observation: `Observation on ${indicator.code}: ${LONG}`,
      ...(notMet && {
        nonComplianceStatement: `On ${indicator.code} the practice could not show the evidence the indicator asks for. ${LONG}`,
        nonComplianceType: 'Process',
        riskType: 'Patient safety',
        riskLikelihood: levels[(index / stride) % 3],
        riskImpact: levels[Math.floor(index / stride / 3) % 3],
        actionPlan: `Write the procedure for ${indicator.code}, train the team in it and audit it monthly for three months.`,
        nonConformityStatus: index % 4 === 0 ? ('CLOSED' as const) : ('OPEN' as const),
        referToCa: index % 7 === 0,
      }),
    });
    await createComments(sql, practice.id, responseId, 3);
    if (notMet) {
      for (let a = 1; a <= shape.activities; a++) {
        await createActivity(sql, responseId, {
          description: `Activity ${a} for ${indicator.code}: update the procedure and brief every member of the team.`,
          responsible: 'Practice manager',
          dueDate: '2027-02-15',
          ...(a === 1 && { closedOn: '2026-11-20' }),
        });
      }
    }
  }
  for (const surveyor of surveyors) {
    await createGeneralComment(sql, assessmentId, surveyor.id, `${LONG}\n${LONG}\n${LONG}`);
  }
  const { rows } = await sql.query<{ n: number }>(
    `select count(*)::int as n from indicator_responses where assessment_id = $1 and compliance = 'NOT_MET'`,
    [assessmentId],
  );
  return { assessmentId, pm, notMet: rows[0]!.n };
}
