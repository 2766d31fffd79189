import {
  ACTION_PLAN_BUSINESS_DAYS,
  ACTION_PLAN_MESSAGES,
  ASSESSMENT_MESSAGES,
  actionRequiredProblems,
  assessmentPath,
  canMove,
  formatDisplayDate,
  PRODUCT_NAME,
  SURVEY_ACTION_REQUIRED,
  type TStoredCompliance,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { transition } from '../../db/transition.ts';
import { AppError } from '../../errors/app-error.ts';
import { notifyEmails } from '../notifications/notify.ts';
import { enqueueEmail } from '../outbox/enqueue-email.ts';
import type { Caller } from '../practices/practice-access.ts';
import { practiceRecipients } from '../practices/practice-recipients.ts';
import { loadAssessmentForMove } from './assessment-access.ts';
import { recordStatusChange } from './record-status-change.ts';

/**
 * `createActionPlan(assessmentId)` ('Action required', spec 001 §4, §5; §7 POST
 * web.assessment/{id}/{action}/ "action plan creation"): a survey visit UNDER_REVIEW becomes
 * ACTION_REQUIRED. Only whoever sees the Action required button (`assessmentButtons`); refused
 * while `actionRequiredProblems` finds a Not met indicator without an action plan (the message
 * names their codes; `fields` has `indicator.<id>`). In one transaction, the assessment row locked:
 * the transition; `action_plan_due` = `add_business_days(public.portal_today(), ACTION_PLAN_BUSINESS_DAYS)`
 * (the database's holiday list); every Not met non-conformity (re)opened; the history row in
 * assessment_status_changes; an e-mail to each of the practice's recipients (`practiceRecipients`;
 * with none, the plan is still created and the history says 0). Any refusal changes nothing.
 */
export async function createActionPlan(
  app: Pick<FastifyInstance, 'db' | 'config'>,
  caller: Caller,
  input: { assessmentId: number },
) {
  return app.db.transaction(async (tx) => {
    const { assessment, context } = await loadAssessmentForMove(tx, caller, {
      assessmentId: input.assessmentId,
      bulkToolsSwitch: app.config.assessmentBulkTools,
      type: 'SURVEY_VISIT',
      wrongType: ACTION_PLAN_MESSAGES.surveyOnly,
      move: SURVEY_ACTION_REQUIRED,
      button: 'actionRequired',
    });

    const responses = await tx.many<{
      indicator_id: number;
      code: string;
      name: string;
      compliance: TStoredCompliance | null;
      action_plan: string | null;
    }>(sql`
      select r.indicator_id, i.code, i.name, r.compliance, r.action_plan
        from public.indicator_responses r
        join public.indicators i on i.id = r.indicator_id
        join public.indicator_sets s on s.id = i.indicator_set_id and s.type = 'STANDARDS'
       where r.assessment_id = ${assessment.id} and not r.archived
       order by s.sort_order, s.id, i.sort_order, i.id`);
    if (canMove(SURVEY_ACTION_REQUIRED, context.type, context.status)) {
      const problems = actionRequiredProblems(responses.map((r) => ({ ...r, indicatorId: r.indicator_id })));
      if (problems.length > 0)
        throw new AppError('invalid_input', {
          message: ACTION_PLAN_MESSAGES.missingPlans(problems.map((p) => p.code)),
          fields: Object.fromEntries(
            problems.map((p) => [`indicator.${p.indicatorId}`, ACTION_PLAN_MESSAGES.actionPlanLabel]),
          ),
        });
    }

    const moved = await transition(tx, {
      table: 'assessments',
      id: assessment.id,
      from: SURVEY_ACTION_REQUIRED.from,
      to: SURVEY_ACTION_REQUIRED.to,
      actor: caller.actor,
      stamp: { at: 'updated_at', by: 'last_updated_by_id' },
      notFound: ASSESSMENT_MESSAGES.noSuchAssessment,
      refused: () => ({ message: ACTION_PLAN_MESSAGES.notUnderReview }),
    });
    const { due } = await tx.one<{ due: string }>(sql`
      update public.assessments
         set action_plan_due = public.add_business_days(public.portal_today(), ${ACTION_PLAN_BUSINESS_DAYS}::integer)
       where id = ${assessment.id}
      returning action_plan_due::text as due`);
    await tx.many(sql`
      update public.indicator_responses set non_conformity_status = 'OPEN'
       where assessment_id = ${assessment.id} and compliance = 'NOT_MET' and not archived
         and non_conformity_status <> 'OPEN'
      returning id`);

    const notMet = responses.filter((r) => r.compliance === 'NOT_MET');
    const recipients = await practiceRecipients(tx, {
      practiceId: assessment.practice_id,
      accreditationId: assessment.accreditation_id,
    });
    await recordStatusChange(tx, moved, {
      byId: caller.userId,
      reason: null,
      detail: {
        actionPlanDue: due,
        businessDays: ACTION_PLAN_BUSINESS_DAYS,
        notMet: notMet.length,
        recipients: recipients.length,
      },
    });

    const practice = await tx.one<{ name: string }>(sql`
      select o.name from public.organisations o where o.id = ${assessment.practice_id}`);
    const link = `${app.config.appOrigin}${assessmentPath(assessment.practice_id, assessment.id)}`;
    const dueShown = formatDisplayDate(due);
    await notifyEmails(
      tx,
      recipients.map((r) => r.email),
      {
        kind: 'ACTION_PLAN',
        title: `Action required: ${practice.name}'s action plan is due ${dueShown}`,
        link: assessmentPath(assessment.practice_id, assessment.id),
      },
    );
    for (const to of recipients) {
      await enqueueEmail(tx, {
        to: to.email,
        subject: `Action required: ${practice.name}'s survey visit, action plan due ${dueShown}`,
        text: [
          to.first_name ? `Hello ${to.first_name},` : 'Hello,',
          '',
          `The review of the survey visit to ${practice.name} found ${notMet.length === 1 ? '1 indicator' : `${notMet.length} indicators`} not met. ` +
            `Please carry out the action plan below and close each non-conformity by ${dueShown} ` +
            `(${ACTION_PLAN_BUSINESS_DAYS} business days).`,
          '',
          ...notMet.flatMap((r) => [`${r.code} ${r.name}`, `  Action: ${(r.action_plan ?? '').trim()}`, '']),
          `Record your activities against each indicator in the assessment: ${link}`,
          '',
          `Sent by ${PRODUCT_NAME}.`,
        ].join('\n'),
        template: 'action-plan-created',
      });
    }
    return {
      id: moved.id,
      status: moved.status,
      message: ACTION_PLAN_MESSAGES.created(dueShown),
      actionPlanDue: due,
    };
  }, caller.actor);
}
