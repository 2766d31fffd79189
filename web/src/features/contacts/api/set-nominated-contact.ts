import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * Chooses the person and phone of one nominated contact (action `setNominatedContact`): the
 * person is saved as a contact, then the accreditation points at it, in one transaction.
 */
export const SetNominatedContactMutation = graphql(`
  mutation SetNominatedContact(
    $practiceId: Int!
    $kind: NominatedContactKind!
    $staffId: Int
    $userId: Int
    $phone: String
    $phoneCountryCode: String
  ) {
    setNominatedContact(
      practiceId: $practiceId
      kind: $kind
      staffId: $staffId
      userId: $userId
      phone: $phone
      phoneCountryCode: $phoneCountryCode
    ) {
      accreditationId
      kind
      contactId
      message
    }
  }
`);
