import { gql } from '@urql/core';

/**
 * The choice lists of the practice form (add, details and reapplication), as root fields spliced
 * into each query. Not a fragment on `query_root`: graphcache keys the root as `Query` and would
 * skip it.
 */
export const PRACTICE_CHOICE_FIELDS = `
    practice_type(order_by: { comment: asc }) {
      value
      comment
    }
    mmm_classification(order_by: { value: asc }) {
      value
      comment
    }
    organisation_structure(order_by: { comment: asc }) {
      value
      comment
    }
    australian_state(order_by: { value: asc }) {
      value
      comment
    }
`;

/** The choice lists of the add form. */
export const GetPracticeChoicesQuery = gql`
  query GetPracticeChoices {
    ${PRACTICE_CHOICE_FIELDS}
  }
`;

/**
 * A new practice from the practice form (action `addPractice`): organisation, physical address
 * and practice in APPLICATION in one transaction; a user who is not the accreditation team
 * becomes its practice manager.
 */
export const AddPracticeMutation = gql`
  mutation AddPractice($details: jsonb!) {
    addPractice(details: $details) {
      id
      status
      role
    }
  }
`;

export interface TAddPracticeResult {
  addPractice: { id: number; status: string; role: string | null } | null;
}
