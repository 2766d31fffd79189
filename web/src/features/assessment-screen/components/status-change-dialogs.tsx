/**
 * The confirm dialogs of the actions panel (spec 001 §6): Submit for review (with how many
 * indicators are not answered yet), Completed, Auto complete, Auto clear, Reopen and Request
 * Assistance. Which one is open is the panel's state.
 */
import { Text } from '@mantine/core';
import { isAnswered } from '@portal/domain';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { type ResponseStore, type TAssessmentData, useResponseSelector } from '../../assessments/index.ts';
import type { TStatusActions } from '../hooks/use-status-actions.ts';
import { ReopenModal } from './reopen-modal.tsx';
import { RequestAssistanceModal } from './request-assistance-modal.tsx';

export type TActionsDialog =
  | 'submit'
  | 'complete'
  | 'autoComplete'
  | 'autoClear'
  | 'reopen'
  | 'assistance'
  | null;

export function StatusChangeDialogs({
  assessment,
  store,
  dialog,
  actions,
  guardSubmit,
  onClose,
  onChanged,
}: {
  assessment: TAssessmentData;
  store: ResponseStore;
  dialog: TActionsDialog;
  actions: TStatusActions;
  /** Submitting needs a connection: offline the confirm only says so. */
  guardSubmit(action: () => unknown): () => void;
  onClose(): void;
  onChanged(): void;
}) {
  const indicators = (assessment.survey_version?.indicator_sets ?? []).flatMap((s) => s.indicators);
  const unanswered = useResponseSelector(
    store,
    () => indicators.filter((i) => !isAnswered(assessment.type, store.shown(i.id))).length,
    Object.is,
    store.getOutlineVersion,
  );
  const id = assessment.id;

  return (
    <>
      <ConfirmModal
        opened={dialog === 'submit'}
        title="Submit for review"
        confirmLabel="Submit for review"
        busy={actions.fetching.submit}
        onClose={onClose}
        onConfirm={guardSubmit(actions.submit)}
      >
        {unanswered > 0 ? (
          <Text fz="sm" fw={700} mb="xs">
            {unanswered === 1 ? '1 indicator is' : `${unanswered} indicators are`} not marked complete or not
            applicable yet.
          </Text>
        ) : null}
        Your accreditation provider will review the self assessment. It can be submitted only once: you cannot
        change your answers while it is under review.
      </ConfirmModal>
      <ConfirmModal
        opened={dialog === 'complete'}
        title="Complete the self assessment"
        confirmLabel="Completed"
        busy={actions.fetching.complete}
        onClose={onClose}
        onConfirm={() => void actions.complete()}
      >
        The review is finished: the self assessment becomes complete.
      </ConfirmModal>
      <ConfirmModal
        opened={dialog === 'autoComplete'}
        title="Auto complete"
        confirmLabel="Auto complete"
        busy={actions.fetching.autoComplete}
        onClose={onClose}
        onConfirm={() => void actions.autoComplete()}
      >
        Every indicator not yet answered will be marked complete, with its must-have items ticked.
      </ConfirmModal>
      <ConfirmModal
        opened={dialog === 'autoClear'}
        title="Auto clear"
        confirmLabel="Auto clear"
        confirmColor="red"
        busy={actions.fetching.autoClear}
        onClose={onClose}
        onConfirm={() => void actions.autoClear()}
      >
        Every answer, tick and note of this assessment will be cleared.
      </ConfirmModal>
      <ReopenModal
        assessmentId={id}
        status={assessment.status}
        opened={dialog === 'reopen'}
        onClose={onClose}
        onDone={onChanged}
      />
      <RequestAssistanceModal assessmentId={id} opened={dialog === 'assistance'} onClose={onClose} />
    </>
  );
}
