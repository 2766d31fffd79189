import { gql } from '@urql/core';

const CONTACT = `id first_name last_name email phone user_id type`;

/**
 * The nominated contacts of the practice's current accreditation (spec 000 §7: its latest
 * non-archived accreditation, which `current_accreditation` points at) and the people who can be chosen: its staff and users.
 */
export const GetNominatedContactsQuery = gql`
  query GetNominatedContacts($practiceId: Int!) {
    practices_by_pk(organisation_id: $practiceId) {
      organisation_id
      current_accreditation {
        id
        nominated_accreditation_contact { ${CONTACT} }
        nominated_gp_contact { ${CONTACT} }
        nominated_nurse_contact { ${CONTACT} }
        nominated_support_contact { ${CONTACT} }
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

/**
 * Chooses the person and phone of one nominated contact (action `setNominatedContact`): the
 * person is saved as a contact, then the accreditation points at it, in one transaction.
 */
export const SetNominatedContactMutation = gql`
  mutation SetNominatedContact(
    $practiceId: Int!
    $kind: NominatedContactKind!
    $staffId: Int
    $userId: Int
    $phone: String
  ) {
    setNominatedContact(practiceId: $practiceId, kind: $kind, staffId: $staffId, userId: $userId, phone: $phone) {
      accreditationId
      kind
      contactId
      message
    }
  }
`;

/** The phone of a contact who is neither on the register nor a user (kept from an earlier cycle). */
export const UpdateContactPhoneMutation = gql`
  mutation UpdateContactPhone($id: Int!, $phone: String) {
    update_contacts_by_pk(pk_columns: { id: $id }, _set: { phone: $phone }) {
      id
      phone
    }
  }
`;
