import { gql } from '@urql/core';

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
