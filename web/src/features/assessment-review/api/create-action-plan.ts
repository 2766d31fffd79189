import { graphql } from '../../../lib/graphql/graphql.ts';

/** 'Action required' (spec 001 §4, §7 action plan creation): the survey becomes ACTION_REQUIRED. */
export const CreateActionPlanMutation = graphql(`
  mutation CreateActionPlan($assessmentId: Int!) {
    createActionPlan(assessmentId: $assessmentId) {
      id
      status
      message
      actionPlanDue
    }
  }
`);
