import type { CombinedError } from '@urql/core';
import { PortalError } from '../../../lib/errors.ts';

/**
 * A refused `updateAccount` as the form's error: the action's message, and its per-field
 * messages (`extensions.fields`, keyed by the form's names) to show under the inputs.
 */
export function accountSaveError(error: CombinedError): PortalError {
  const portalError = PortalError.fromCombinedError(error);
  const raw = error.graphQLErrors[0]?.extensions?.fields;
  const fields =
    raw && typeof raw === 'object'
      ? Object.fromEntries(
          Object.entries(raw).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        )
      : {};
  if (Object.keys(fields).length === 0) return portalError;
  return new PortalError(portalError.code, portalError.message, { fields, cause: error });
}
