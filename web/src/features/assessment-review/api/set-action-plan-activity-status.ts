import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * Opens or closes an action plan activity (spec 001 §6: changeActionPlan). Closing stamps when and
 * by whom (the table's CHECK pairs CLOSED with closed_at; role `user` may close only as itself).
 */
export const SetActionPlanActivityStatusMutation = graphql(`
  mutation SetActionPlanActivityStatus($id: Int!, $set: action_plan_activities_set_input!) {
    update_action_plan_activities_by_pk(pk_columns: { id: $id }, _set: $set) {
      id
      status
      closed_at
    }
  }
`);
