import { gql } from '@urql/core';

/** The editable account fields of the signed-in user (Hasura: users, own row). */
export const GetAccountQuery = gql`
  query GetAccount($id: Int!) {
    users_by_pk(id: $id) {
      id
      first_name
      last_name
      title
      phone
    }
  }
`;

export interface TAccountRow {
  id: number;
  first_name: string;
  last_name: string;
  title: string | null;
  phone: string | null;
}
