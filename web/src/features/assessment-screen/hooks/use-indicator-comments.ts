/**
 * The comments an indicator shows (spec 002 §2): the server's page of them, or without its answer
 * the device's copy; the comments made offline that wait to be sent; the list asked for again
 * once one of those was sent.
 */
import { useEffect, useRef } from 'react';
import { useQuery } from 'urql';
import { useOfflineAssessmentContext } from '../../assessment-offline/index.ts';
import { GetIndicatorCommentsQuery } from '../api/get-indicator-comments.ts';

/** The first `limit` comments of a response (none while it has no row yet), newest first. */
export function useIndicatorComments(responseId: number | null, limit: number) {
  const [{ data, fetching }, refetch] = useQuery({
    query: GetIndicatorCommentsQuery,
    variables: { responseId: responseId ?? 0, limit },
    pause: responseId === null,
    requestPolicy: 'cache-and-network',
  });
  // Without the server's answer, the device's copy shows; comments made offline show on top
  // until they are sent.
  const offline = useOfflineAssessmentContext();
  const fromCopy = !data && responseId !== null && offline?.copy ? offline.copyComments(responseId) : null;
  const comments = data?.comments ?? fromCopy?.slice(0, limit) ?? [];
  const total = data?.comments_aggregate.aggregate?.count ?? fromCopy?.length ?? 0;
  const waiting =
    offline?.queue.filter(
      (w) => w.kind === 'comment' && w.responseId === responseId && responseId !== null,
    ) ?? [];
  const reload = () => refetch({ requestPolicy: 'network-only' });
  // A comment made offline was sent (it left the queue): the list is asked for again.
  const waitingCount = waiting.length;
  const lastWaiting = useRef(waitingCount);
  useEffect(() => {
    if (waitingCount < lastWaiting.current) refetch({ requestPolicy: 'network-only' });
    lastWaiting.current = waitingCount;
  }, [waitingCount, refetch]);
  return { comments, total, waiting, fetching, reload, offline };
}
