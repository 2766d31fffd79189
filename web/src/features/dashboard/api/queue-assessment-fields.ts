import { graphql } from '../../../lib/graphql/graphql.ts';
import { QueueAccreditationFields } from './queue-accreditation-fields.ts';

/** What a back-office queue row shows of an assessment: the same in every list that holds one. */
export const QueueAssessmentFields = graphql(
  `
  fragment QueueAssessmentFields on assessments @_unmask {
    id
    type
    status
    due_date
    action_plan_due
    accreditation {
      ...QueueAccreditationFields
    }
  }
`,
  [QueueAccreditationFields],
);
