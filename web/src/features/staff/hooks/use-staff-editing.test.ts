import { STAFF_MESSAGES } from '@portal/domain';
import { CombinedError } from '@urql/core';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { saveErrorMessage } from './use-staff-editing.ts';

const refused = (message: string, extensions: Record<string, unknown>) =>
  new CombinedError({ graphQLErrors: [new GraphQLError(message, { extensions })] });

describe('the staff save error toast (spec 000 §8)', () => {
  it('names the first field of the error body, snake case as title case', () => {
    const error = refused('whatever the server says', {
      code: 'invalid_input',
      fields: { registration_num: 'Required field', email: 'Invalid' },
    });
    expect(saveErrorMessage(error)).toBe(
      'Could not save staff member, value for Registration Num is invalid',
    );
  });

  it('falls back to the plain message without a field', () => {
    expect(saveErrorMessage(refused('There is no such staff member.', { code: 'not_found' }))).toBe(
      STAFF_MESSAGES.saveFailed,
    );
    expect(saveErrorMessage(new CombinedError({ networkError: new Error('offline') }))).toBe(
      STAFF_MESSAGES.saveFailed,
    );
  });
});
