import { gql } from '@urql/core';
import { PRACTICE_CHOICE_FIELDS } from './practice-choice-fields.ts';

/** The choice lists of the add form. */
export const GetPracticeChoicesQuery = gql`
  query GetPracticeChoices {
    ${PRACTICE_CHOICE_FIELDS}
  }
`;
