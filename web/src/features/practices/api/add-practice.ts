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

/** A new practice with its organisation and physical address, in one nested insert. */
export const InsertPracticeMutation = gql`
  mutation InsertPractice($practice: practices_insert_input!) {
    insert_practices_one(object: $practice) {
      organisation_id
    }
  }
`;
