import { graphql } from '../../../lib/graphql/graphql.ts';

/** The phone of a contact who is neither on the register nor a user (kept from an earlier cycle). */
export const UpdateContactPhoneMutation = graphql(`
  mutation UpdateContactPhone($id: Int!, $phone: String, $phoneCountryCode: String!) {
    update_contacts_by_pk(pk_columns: { id: $id }, _set: { phone: $phone, phone_country_code: $phoneCountryCode }) {
      id
      phone
      phone_country_code
    }
  }
`);
