import { graphql } from '../../../lib/graphql/graphql.ts';
import { NominatedContactFields } from './nominated-contact-fields.ts';

/**
 * The nominated contacts of the practice's current accreditation (spec 000 §7: its latest
 * non-archived accreditation, which `current_accreditation` points at) and the people who can be chosen: its staff and users.
 */
export const GetNominatedContactsQuery = graphql(
  `
  query GetNominatedContacts($practiceId: Int!) {
    practices_by_pk(organisation_id: $practiceId) {
      organisation_id
      current_accreditation {
        id
        nominated_accreditation_contact { ...NominatedContactFields }
        nominated_gp_contact { ...NominatedContactFields }
        nominated_nurse_contact { ...NominatedContactFields }
        nominated_support_contact { ...NominatedContactFields }
      }
    }
    practice_staff(
      where: { practice_id: { _eq: $practiceId }, archived: { _eq: false } }
      order_by: [{ last_name: asc }, { first_name: asc }]
    ) {
      id
      title
      first_name
      last_name
      email
      phone
      phone_country_code
      type
      user_id
    }
    practice_users(where: { practice_id: { _eq: $practiceId }, active: { _eq: true } }) {
      id
      role
      user {
        id
        first_name
        last_name
        email
        phone
        phone_country_code
      }
    }
  }
`,
  [NominatedContactFields],
);
