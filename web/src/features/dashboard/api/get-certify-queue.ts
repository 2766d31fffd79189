import { graphql } from '../../../lib/graphql/graphql.ts';
import { QueueAssessmentFields } from './queue-assessment-fields.ts';

/**
 * One of the back office's work queues (decisions/dashboard.md): its lists (the first
 * BACK_OFFICE_QUEUE_LIMIT of each) and their whole counts, in one request. The page asks it again
 * whenever its change signal (`subscribe-back-office-changes.ts`) moves. The filters come from the
 * domain (`backOfficeQueueWhere`), which also decides which rows are work.
 */

/** The provider admin's approved surveys, to certify, with their approval (the report clock's start). */
export const GetCertifyQueueQuery = graphql(
  `
  query GetCertifyQueue($toCertify: assessments_bool_exp!, $limit: Int!) {
    toCertify: assessments(where: $toCertify, order_by: { id: asc }, limit: $limit) {
      ...QueueAssessmentFields
      # The latest approval: the 20-business-day report clock counts from it.
      status_changes(where: { to_status: { _eq: APPROVED } }, order_by: { changed_at: desc }, limit: 1) {
        id
        changed_at
      }
    }
    toCertifyCount: assessments_aggregate(where: $toCertify) {
      aggregate {
        count
      }
    }
  }
`,
  [QueueAssessmentFields],
);
