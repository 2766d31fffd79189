import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * Saves the form (action `savePracticeDetails`): the organisation, the practice and its physical
 * address in one transaction, creating the address when the practice has none. Needs
 * practice.changePractice (a practice manager of the practice, QAM, provider admin).
 */
export const SavePracticeDetailsMutation = graphql(`
  mutation SavePracticeDetails($practiceId: Int!, $details: jsonb!) {
    savePracticeDetails(practiceId: $practiceId, details: $details) {
      id
      addressId
    }
  }
`);
