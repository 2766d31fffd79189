import { PRACTICE_MESSAGES } from '@portal/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useClient } from 'urql';
import { notifyError } from '../../../lib/notify.ts';
import { useServices } from '../../../lib/services.tsx';
import { GetPracticePaymentUrlQuery } from '../api/get-practice-payment-url.ts';

/**
 * Sends the browser to a practice's payment page: asks the server for the URL, then navigates
 * there. Any failure shows the spec's message (spec 000 §8) and keeps the user where they are.
 * A user who has moved on to another screen before the URL arrives stays there.
 */
export function usePaymentRedirect() {
  const client = useClient();
  const { leaveApp } = useServices();
  const [pending, setPending] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const redirect = useCallback(
    async (practiceId: number) => {
      setPending(practiceId);
      setFailed(false);
      const result = await client
        .query(GetPracticePaymentUrlQuery, { practiceId }, { requestPolicy: 'network-only' })
        .toPromise();
      if (!mounted.current) return;
      const url = result.data?.practicePaymentUrl?.url;
      if (result.error || !url || !/^https?:\/\//i.test(url)) {
        console.error(`Payment redirect of practice ${practiceId} failed`, result.error ?? result.data);
        notifyError(PRACTICE_MESSAGES.paymentRedirectFailed);
        setFailed(true);
        setPending(null);
        return;
      }
      leaveApp(url);
    },
    [client, leaveApp],
  );
  return { redirect, pending, failed };
}
