import {
  ASSESSMENT_STATUSES,
  ASSESSMENT_TYPES,
  canAddActionPlanActivity,
  canChangeActionPlan,
  canChangeAssessment,
  canChangeAssessmentInputs,
  canEditSurveyorSummary,
  canReadAssessmentFindings,
  canReadAssessmentResponses,
  canWriteAssessmentComments,
  canWriteAssessmentFindings,
  canWriteAssessmentResponses,
  canWriteSurveyorSummary,
  derivePermissionFlags,
  isAssessmentLocked,
  type TAssessmentAccessContext,
  type TBackOfficeRole,
  type TPermissionFlags,
} from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { useTestDb } from '../db.ts';

// The SQL predicates (hasura/functions/) are the database's copy of
// packages/domain/src/permissions: the flag table and one function per domain predicate. The
// permission rules of every assessment table and the trigger indicator_responses_guard use them,
// so this test compares each with its domain twin over every combination of its inputs: type ×
// status (also the impossible pairs) × PM × SU × visitor × back-office role × submitted × author ×
// signed the confidentiality agreement.

interface Combination {
  type: string;
  status: string;
  is_pm: boolean;
  is_su: boolean;
  is_visitor: boolean;
  back_office_role: TBackOfficeRole | null;
  has_submitted: boolean;
  is_author: boolean;
  has_signed: boolean;
}

const COMBINATIONS: Combination[] = [];
for (const type of ASSESSMENT_TYPES)
  for (const status of ASSESSMENT_STATUSES)
    for (const is_pm of [false, true])
      for (const is_su of [false, true])
        for (const is_visitor of [false, true])
          for (const back_office_role of [null, 'qam', 'provider_admin'] as const)
            for (const has_submitted of [false, true])
              for (const is_author of [false, true])
                for (const has_signed of [false, true])
                  COMBINATIONS.push({
                    type,
                    status,
                    is_pm,
                    is_su,
                    is_visitor,
                    back_office_role,
                    has_submitted,
                    is_author,
                    has_signed,
                  });

/** What the SQL answers for one combination. */
interface Answer {
  flags: TPermissionFlags;
  can_change: boolean;
  can_change_inputs: boolean;
  can_change_action_plan: boolean;
  can_write_responses: boolean;
  can_add_action_plan_activity: boolean;
  can_edit_summary: boolean;
  is_locked: boolean;
  can_read_responses: boolean;
  can_read_findings: boolean;
  can_write_findings: boolean;
  can_write_comments: boolean;
  can_write_summary: boolean;
}

/** What the domain answers for the same combination. */
function domainAnswer(c: Combination): Answer {
  const flags = derivePermissionFlags(
    {
      practiceRoles: [...(c.is_pm ? (['PM'] as const) : []), ...(c.is_su ? (['SU'] as const) : [])],
      backOfficeRole: c.back_office_role,
      visitorOnSurveyVisitIds: c.is_visitor ? [1] : [],
    },
    { surveyVisitId: 1 },
  );
  const context = {
    type: c.type,
    status: c.status,
    flags,
    hasSubmitted: c.has_submitted,
  } as TAssessmentAccessContext;
  return {
    flags,
    can_change: canChangeAssessment(context),
    can_change_inputs: canChangeAssessmentInputs(context),
    can_change_action_plan: canChangeActionPlan(context),
    can_write_responses: canWriteAssessmentResponses(context),
    can_add_action_plan_activity: canAddActionPlanActivity(context),
    can_edit_summary: canEditSurveyorSummary({ ...context, isAuthor: c.is_author }),
    is_locked: isAssessmentLocked(context),
    can_read_responses: canReadAssessmentResponses(context),
    can_read_findings: canReadAssessmentFindings({ ...context, hasSigned: c.has_signed }),
    can_write_findings: canWriteAssessmentFindings({ ...context, hasSigned: c.has_signed }),
    can_write_comments: canWriteAssessmentComments({ ...context, hasSigned: c.has_signed }),
    can_write_summary: canWriteSurveyorSummary({
      ...context,
      isAuthor: c.is_author,
      hasSigned: c.has_signed,
    }),
  };
}

const t = useTestDb();

describe('the SQL predicates are the domain rules', () => {
  it('agree with packages/domain for every combination of inputs', async () => {
    const rows = await t.db.q<Answer & { i: number }>(
      `select c.i, f.flags,
              public.can_change_assessment(c.type, c.status, f.flags) as can_change,
              public.can_change_assessment_inputs(c.type, c.status, f.flags, c.has_submitted) as can_change_inputs,
              public.can_change_action_plan(c.type, c.status, f.flags) as can_change_action_plan,
              public.can_write_assessment_responses(c.type, c.status, f.flags, c.has_submitted) as can_write_responses,
              public.can_add_action_plan_activity(c.type, c.status, f.flags) as can_add_action_plan_activity,
              public.can_edit_surveyor_summary(c.status, f.flags, c.has_submitted, c.is_author) as can_edit_summary,
              public.is_assessment_locked(c.type, c.status, f.flags) as is_locked,
              public.can_read_assessment_responses(c.type, c.status, f.flags) as can_read_responses,
              public.can_read_assessment_findings(c.type, c.status, f.flags, c.has_signed) as can_read_findings,
              public.can_write_assessment_findings(c.type, c.status, f.flags, c.has_submitted, c.has_signed)
                as can_write_findings,
              public.can_write_assessment_comments(c.type, c.status, f.flags, c.has_signed) as can_write_comments,
              public.can_write_surveyor_summary(c.type, c.status, f.flags, c.has_submitted, c.is_author, c.has_signed)
                as can_write_summary
         from jsonb_to_recordset($1::jsonb) as c(type text, status text, is_pm boolean,
                is_su boolean, is_visitor boolean, back_office_role text, has_submitted boolean, is_author boolean,
                has_signed boolean, i int),
              lateral (select public.permission_flags(c.is_pm, c.is_su, c.is_visitor, c.back_office_role) as flags) f
        order by c.i`,
      [JSON.stringify(COMBINATIONS.map((c, i) => ({ ...c, i })))],
    );
    expect(rows).toHaveLength(COMBINATIONS.length);
    const differences: string[] = [];
    for (const { i, ...sql } of rows) {
      const combination = COMBINATIONS[Number(i)]!;
      const domain = domainAnswer(combination);
      for (const key of Object.keys(domain) as Array<keyof Answer>) {
        if (JSON.stringify(sortKeys(sql[key])) !== JSON.stringify(sortKeys(domain[key])))
          differences.push(`${key} ${JSON.stringify(combination)}: SQL ${JSON.stringify(sql[key])}`);
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
  });

  it('is not vacuous: every predicate is true for some combinations and false for others', () => {
    const answers = COMBINATIONS.map(domainAnswer);
    for (const key of Object.keys(answers[0]!).filter((k) => k !== 'flags') as Array<keyof Answer>) {
      expect([key, [...new Set(answers.map((a) => a[key]))].sort()]).toEqual([key, [false, true]]);
    }
  });
});

/** JSON with object keys sorted, so that jsonb's key order does not matter. */
function sortKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, sortKeys(v)]),
  );
}
