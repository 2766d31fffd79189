import { graphql } from '../../../lib/graphql/graphql.ts';

/** PATCH web.practice/{id}/ with isStaffFirstView false or showMessageAfterRenewalPayment false. */
export const UpdateStaffPageFlagsMutation = graphql(`
  mutation UpdateStaffPageFlags($practiceId: Int!, $changes: practices_set_input!) {
    update_practices_by_pk(pk_columns: { organisation_id: $practiceId }, _set: $changes) {
      organisation_id
      is_staff_first_view
      show_message_after_renewal_payment
    }
  }
`);
