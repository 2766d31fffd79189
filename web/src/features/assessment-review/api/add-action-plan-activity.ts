import { graphql } from '../../../lib/graphql/graphql.ts';

/** Adds an activity (permitted by can_add_action_plan_activity: addActivityToSurveyActionPlan). */
export const AddActionPlanActivityMutation = graphql(`
  mutation AddActionPlanActivity($object: action_plan_activities_insert_input!) {
    insert_action_plan_activities_one(object: $object) {
      id
    }
  }
`);
