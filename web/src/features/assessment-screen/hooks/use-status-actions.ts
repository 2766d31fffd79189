/**
 * The status changes of the actions panel (spec 001 §6 "Buttons", §7): Submit for review,
 * Completed, Auto complete and Auto clear, each run once every pending edit is saved, its outcome
 * told, and the assessment read again afterwards.
 */
import { ASSESSMENT_MESSAGES } from '@portal/domain';
import { useMutation } from 'urql';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { ACTION_FAILED, type ResponseStore } from '../../assessments/index.ts';
import { AutoClearAssessmentMutation } from '../api/auto-clear-assessment.ts';
import { AutoCompleteAssessmentMutation } from '../api/auto-complete-assessment.ts';
import { CompleteSelfAssessmentMutation } from '../api/complete-self-assessment.ts';
import { SubmitSelfAssessmentMutation } from '../api/submit-self-assessment.ts';

export type TStatusActions = ReturnType<typeof useStatusActions>;

/** The four status changes of one assessment; `onDone` runs after each that succeeded. */
export function useStatusActions(
  assessmentId: number,
  store: ResponseStore,
  onChanged: () => void,
  onDone: () => void,
) {
  const [submitState, submit] = useMutation(SubmitSelfAssessmentMutation);
  const [completeState, complete] = useMutation(CompleteSelfAssessmentMutation);
  const [autoCompleteState, autoComplete] = useMutation(AutoCompleteAssessmentMutation);
  const [autoClearState, autoClear] = useMutation(AutoClearAssessmentMutation);

  /** Runs an action once every pending edit is saved, then reads the assessment again. */
  const run = async (
    action: () => Promise<{ error?: { graphQLErrors: { message: string }[] } | undefined; data?: unknown }>,
    success: string,
    failure: string,
  ) => {
    await store.flushAll();
    const result = await action();
    if (result.error || !result.data) {
      notifyError(result.error?.graphQLErrors[0]?.message ?? failure);
    } else {
      notifySuccess(success);
      onDone();
    }
    onChanged();
  };
  const variables = { assessmentId };

  return {
    busy:
      submitState.fetching || completeState.fetching || autoCompleteState.fetching || autoClearState.fetching,
    fetching: {
      submit: submitState.fetching,
      complete: completeState.fetching,
      autoComplete: autoCompleteState.fetching,
      autoClear: autoClearState.fetching,
    },
    submit: () => run(() => submit(variables), ASSESSMENT_MESSAGES.submitted, ACTION_FAILED),
    complete: () => run(() => complete(variables), ASSESSMENT_MESSAGES.completed, ACTION_FAILED),
    autoComplete: () =>
      run(() => autoComplete(variables), ASSESSMENT_MESSAGES.bulkDone, ASSESSMENT_MESSAGES.bulkUpdateFailed),
    autoClear: () =>
      run(() => autoClear(variables), ASSESSMENT_MESSAGES.bulkDone, ASSESSMENT_MESSAGES.bulkUpdateFailed),
  };
}
