import { graphql } from '../../../lib/graphql/graphql.ts';
import { StaffDocumentFields } from './staff-document-fields.ts';

/**
 * The staff register of one practice (spec 000 §7 GetStaff), filtered by `staffWhere` from the
 * domain, with the account and latest invite of each member. Each document comes with its id
 * column too: an id whose document the caller cannot read is a missing document (spec 000 §8).
 */
export const GetStaffQuery = graphql(
  `
  query GetStaff($where: practice_staff_bool_exp!) {
    practice_staff(
      where: $where
      order_by: [{ last_name: asc }, { first_name: asc }, { id: asc }]
    ) {
      id
      practice_id
      title
      first_name
      last_name
      type
      registration_num
      employment_type
      start_date
      employment_status
      resignation_date
      email
      vr_status
      hours_per_week
      fte_band
      cpr_expiry
      qicpd
      qa_cpd_num
      phone
      phone_country_code
      active
      verified
      user_id
      user {
        id
        is_active
      }
      invitations(order_by: { date_invited: desc }, limit: 1) {
        id
        status
        date_invited
        expires_at
      }
      primary_qualification_document_id
      secondary_qualification_document_id
      cpd_evidence_document_id
      training_evidence_document_id
      cpr_evidence_document_id
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
