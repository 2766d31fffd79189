import { graphql } from '../../../lib/graphql/graphql.ts';

export const UpdateAccountMutation = graphql(`
  mutation UpdateAccount($id: Int!, $changes: users_set_input!) {
    update_users_by_pk(pk_columns: { id: $id }, _set: $changes) {
      id
      first_name
      last_name
      title
      phone
    }
  }
`);
