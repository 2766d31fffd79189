import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * A new practice from the practice form (action `addPractice`): organisation, physical address
 * and practice in APPLICATION in one transaction; a user who is not the accreditation team
 * becomes its practice manager.
 */
export const AddPracticeMutation = graphql(`
  mutation AddPractice($details: jsonb!) {
    addPractice(details: $details) {
      id
      status
      role
    }
  }
`);
