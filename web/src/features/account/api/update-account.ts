import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * Saves the signed-in user's own names, title and phone with its country (action `updateAccount`, checked with
 * `ZAccountDetailsSchema`); the answer carries the saved row, so the cached account follows.
 */
export const UpdateAccountMutation = graphql(`
  mutation UpdateAccount(
    $firstName: String!
    $lastName: String!
    $title: String
    $phone: String
    $phoneCountryCode: String
  ) {
    updateAccount(
      firstName: $firstName
      lastName: $lastName
      title: $title
      phone: $phone
      phoneCountryCode: $phoneCountryCode
    ) {
      id
      user {
        id
        first_name
        last_name
        title
        phone
        phone_country_code
      }
    }
  }
`);
