import { gql } from '@urql/core';

/** The document fields of one staff row, fetched after an upload attached one. */
export const GetStaffDocumentsQuery = gql`
  query GetStaffDocuments($id: Int!) {
    practice_staff_by_pk(id: $id) {
      id
      primary_qualification_document { id name file_size }
      secondary_qualification_document { id name file_size }
      cpd_evidence_document { id name file_size }
      training_evidence_document { id name file_size }
      cpr_evidence_document { id name file_size }
    }
  }
`;
