import { useMemo } from 'react';
import { useSubscription } from 'urql';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import type { ResultOf } from '../../../lib/graphql/graphql.ts';
import { useOfflineAssessmentContext } from '../../assessment-offline/index.ts';
import { GeneralCommentsSubscription } from '../api/subscribe-general-comments.ts';

export type TSurveyorSummary = ResultOf<typeof GeneralCommentsSubscription>['general_comments'][number];

/** The surveyor summaries of a survey visit assessment, live for everyone on it (spec 001 §7). */
export function useSurveyorSummaries(assessmentId: number, active: boolean) {
  const offline = useOfflineAssessmentContext();
  const me = useCurrentUser();
  const [result] = useSubscription({
    query: GeneralCommentsSubscription,
    variables: { assessmentId },
    pause: !active || offline?.online === false,
  });
  // Offline, the device's copy; a summary written offline shows as the user wrote it.
  const server = result.data?.general_comments ?? offline?.copy?.data.summaries ?? [];
  const summaries = useMemo(() => {
    const queued = offline?.queue.filter((w) => w.kind === 'summary').at(-1);
    if (!queued) return server;
    const text = String(queued.value ?? '');
    const own = server.find((s) => s.user_id === queued.userId);
    if (own) return server.map((s) => (s === own ? { ...s, text } : s));
    const user = { id: me.id, first_name: me.firstName, last_name: me.lastName };
    return [...server, { id: -1, text, user_id: queued.userId, updated_at: queued.queuedAt, user }];
  }, [server, offline?.queue, me]);
  return {
    summaries,
    /** The server's summaries (an offline edit's base). */
    serverSummaries: server,
    loaded: result.data !== undefined || offline?.copy != null,
  };
}
