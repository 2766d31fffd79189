import { graphql } from '../../../lib/graphql/graphql.ts';
import { StaffDocumentFields } from './staff-document-fields.ts';

/** The document fields of one staff row, fetched after an upload attached one. */
export const GetStaffDocumentsQuery = graphql(
  `
  query GetStaffDocuments($id: Int!) {
    practice_staff_by_pk(id: $id) {
      id
      primary_qualification_document { ...StaffDocumentFields }
      secondary_qualification_document { ...StaffDocumentFields }
      cpd_evidence_document { ...StaffDocumentFields }
      training_evidence_document { ...StaffDocumentFields }
      cpr_evidence_document { ...StaffDocumentFields }
    }
  }
`,
  [StaffDocumentFields],
);
