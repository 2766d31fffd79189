import { graphql } from '../../../lib/graphql/graphql.ts';

/** The practice flags the staff page reads and clears (spec 000 §4). */
export const GetStaffPageFlagsQuery = graphql(`
  query GetStaffPageFlags($practiceId: Int!) {
    practices_by_pk(organisation_id: $practiceId) {
      organisation_id
      is_staff_first_view
      show_message_after_renewal_payment
    }
  }
`);
