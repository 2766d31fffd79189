import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * Sets the signed-in user's e-mail digest (off, weekly, daily). Sent as role user: its update
 * permission is the user's own row and this column only (decisions/notifications.md#digests).
 */
export const UpdateEmailDigestMutation = graphql(`
  mutation UpdateEmailDigest($id: Int!, $digest: String!) {
    update_users_by_pk(pk_columns: { id: $id }, _set: { email_digest: $digest }) {
      id
      email_digest
    }
  }
`);

/** The roles this module's documents are sent as (web/scripts/src/user-schema.test.ts checks them as these). */
export const SENT_AS_ROLES = ['user'] as const;

/** The operation context that sends a request as role user (everyone holds it). */
export const AS_ROLE_USER = { fetchOptions: { headers: { 'x-hasura-role': 'user' } } } as const;
