import { graphql } from '../../../lib/graphql/graphql.ts';
import { QueueAccreditationFields } from './queue-accreditation-fields.ts';
import { QueueAssessmentFields } from './queue-assessment-fields.ts';

/**
 * One of the back office's work queues (decisions/dashboard.md): its lists (the first
 * BACK_OFFICE_QUEUE_LIMIT of each) and their whole counts, in one request. The page asks it again
 * whenever its change signal (`subscribe-back-office-changes.ts`) moves. The filters come from the
 * domain (`backOfficeQueueWhere`), which also decides which rows are work.
 */

/** The QAM's lists (the provider admin's too), each with its whole count. */
export const GetBackOfficeQueueQuery = graphql(
  `
  query GetBackOfficeQueue(
    $reviews: assessments_bool_exp!
    $overdue: assessments_bool_exp!
    $toPlan: survey_visits_bool_exp!
    $limit: Int!
  ) {
    reviews: assessments(where: $reviews, order_by: { id: asc }, limit: $limit) {
      ...QueueAssessmentFields
    }
    reviewsCount: assessments_aggregate(where: $reviews) {
      aggregate {
        count
      }
    }
    overdue: assessments(where: $overdue, order_by: { action_plan_due: asc }, limit: $limit) {
      ...QueueAssessmentFields
    }
    overdueCount: assessments_aggregate(where: $overdue) {
      aggregate {
        count
      }
    }
    toPlan: survey_visits(where: $toPlan, order_by: { due: asc_nulls_last }, limit: $limit) {
      id
      status
      type
      due
      accreditation {
        ...QueueAccreditationFields
      }
    }
    toPlanCount: survey_visits_aggregate(where: $toPlan) {
      aggregate {
        count
      }
    }
  }
`,
  [QueueAssessmentFields, QueueAccreditationFields],
);
