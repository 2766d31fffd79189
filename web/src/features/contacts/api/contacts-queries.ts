import { gql } from '@urql/core';

const CONTACT = `id first_name last_name email phone user_id type`;

/**
 * The nominated contacts of the practice's current accreditation (spec 000 §7: latest
 * non-archived accreditation, limit 1) and the people who can be chosen: its staff and users.
 */
export const GetNominatedContactsQuery = gql`
  query GetNominatedContacts($practiceId: Int!) {
    accreditations(
      where: { practice_id: { _eq: $practiceId }, archived: { _eq: false } }
      order_by: [{ created_at: desc }, { id: desc }]
      limit: 1
    ) {
      id
      nominated_accreditation_contact { ${CONTACT} }
      nominated_gp_contact { ${CONTACT} }
      nominated_nurse_contact { ${CONTACT} }
      nominated_support_contact { ${CONTACT} }
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
      }
    }
  }
`;

/** Saves the chosen person as a contact of the practice. */
export const InsertContactMutation = gql`
  mutation InsertContact($contact: contacts_insert_input!) {
    insert_contacts_one(object: $contact) { ${CONTACT} }
  }
`;

/** Changes the phone of a nominated contact. */
export const UpdateContactPhoneMutation = gql`
  mutation UpdateContactPhone($id: Int!, $phone: String) {
    update_contacts_by_pk(pk_columns: { id: $id }, _set: { phone: $phone }) { ${CONTACT} }
  }
`;

/** POST / PATCH web.accreditation with one nominated contact field. */
export const SetNominatedContactMutation = gql`
  mutation SetNominatedContact($id: Int!, $changes: accreditations_set_input!) {
    update_accreditations_by_pk(pk_columns: { id: $id }, _set: $changes) {
      id
      nominated_accreditation_contact { ${CONTACT} }
      nominated_gp_contact { ${CONTACT} }
      nominated_nurse_contact { ${CONTACT} }
      nominated_support_contact { ${CONTACT} }
    }
  }
`;
