import { useSubscription } from 'urql';
import type { ResultOf } from '../../../lib/graphql/graphql.ts';
import { GeneralCommentsSubscription } from '../api/subscribe-general-comments.ts';

export type TSurveyorSummary = ResultOf<typeof GeneralCommentsSubscription>['general_comments'][number];

/** The surveyor summaries of a survey visit assessment, live for everyone on it (spec 001 §7). */
export function useSurveyorSummaries(assessmentId: number, active: boolean) {
  const [result] = useSubscription({
    query: GeneralCommentsSubscription,
    variables: { assessmentId },
    pause: !active,
  });
  return {
    summaries: result.data?.general_comments ?? [],
    loaded: result.data !== undefined,
  };
}
