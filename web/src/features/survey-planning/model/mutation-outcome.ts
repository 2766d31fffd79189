import type { CombinedError } from 'urql';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';

/** A planning step's answer: its message as a toast, or the server's refusal as an error toast. */
export function reportOutcome(
  result: { error?: CombinedError; data?: unknown },
  message: (data: never) => string,
  fallback: string,
): boolean {
  if (result.error || !result.data) {
    notifyError(result.error?.graphQLErrors[0]?.message ?? fallback);
    return false;
  }
  notifySuccess(message(result.data as never));
  return true;
}
