import { graphql } from '../../../lib/graphql/graphql.ts';

/** What the panel shows of one nominated contact (the four nominations of GetNominatedContacts). */
export const NominatedContactFields = graphql(`
  fragment NominatedContactFields on contacts {
    id
    first_name
    last_name
    email
    phone
    phone_country_code
    user_id
    type
  }
`);
