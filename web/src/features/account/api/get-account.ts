import { graphql, type ResultOf } from '../../../lib/graphql/graphql.ts';

/** The editable account fields of the signed-in user (Hasura: users, own row). */
export const GetAccountQuery = graphql(`
  query GetAccount($id: Int!) {
    users_by_pk(id: $id) {
      id
      first_name
      last_name
      title
      phone
      phone_country_code
      email_digest
    }
  }
`);

export type TAccountRow = NonNullable<ResultOf<typeof GetAccountQuery>['users_by_pk']>;
