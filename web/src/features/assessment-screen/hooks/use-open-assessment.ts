/**
 * Opening an assessment (spec 001 §7): `openAssessment` releases the user's own locks and gives
 * every indicator a response to save to. When the server cannot be reached the device's copy
 * stands in ('offline'), and once the connection is back the assessment is opened again.
 */
import { useEffect, useState } from 'react';
import { useMutation } from 'urql';
import { useServices } from '../../../lib/services.tsx';
import { isNetworkError } from '../../../lib/urql/auth-exchange.ts';
import { OpenAssessmentMutation } from '../../assessments/index.ts';
import { isNetworkFailure } from '../../practices/index.ts';

export type TOpenState = 'pending' | 'done' | 'refused' | 'offline';

export function useOpenAssessment(assessmentId: number, online: boolean): TOpenState {
  const { session } = useServices();
  const [opened, setOpened] = useState<TOpenState>('pending');
  const [attempt, setAttempt] = useState(0);
  const [, openAssessment] = useMutation(OpenAssessmentMutation);
  useEffect(() => {
    let live = true;
    void attempt;
    // A start without a network has no access token yet: the session is renewed first (a refusal
    // ends it, → sign in; no answer means still offline).
    // (Only when reopening after an offline start: the first open goes as any request does.)
    void (attempt === 0 ? Promise.resolve('first' as const) : session.freshToken())
      .then((token) => {
        if (token === null && live) session.expire();
        return token === null ? null : openAssessment({ assessmentId });
      })
      .catch((error: unknown) => {
        if (!isNetworkError(error)) throw error;
        return 'offline' as const;
      })
      .then((result) => {
        if (!live || result === null) return;
        if (result === 'offline' || isNetworkFailure(result.error)) {
          setOpened('offline');
          return;
        }
        const code = result.error?.graphQLErrors[0]?.extensions?.code;
        setOpened(code === 'not_found' || code === 'forbidden' ? 'refused' : 'done');
      });
    return () => {
      live = false;
    };
  }, [assessmentId, openAssessment, attempt, session]);
  // Opened from the copy and the connection is back: open it from the server.
  useEffect(() => {
    if (opened === 'offline' && online) setAttempt((n) => n + 1);
  }, [opened, online]);
  return opened;
}
