import { graphql } from '../../../lib/graphql/graphql.ts';

/** The activities of one response's action plan, oldest first. */
export const GetActionPlanActivitiesQuery = graphql(`
  query GetActionPlanActivities($responseId: Int!) {
    action_plan_activities(
      where: { indicator_response_id: { _eq: $responseId }, archived: { _eq: false } }
      order_by: [{ created_at: asc }, { id: asc }]
    ) {
      id
      description
      responsible
      due_date
      status
      closed_at
    }
  }
`);
