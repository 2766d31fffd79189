import { Button, Group, Paper, Text } from '@mantine/core';
import { ASSESSMENT_MESSAGES, assessmentButtons, isAnswered } from '@portal/domain';
import { useState } from 'react';
import { useMutation } from 'urql';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { DownloadIcon } from '../../../components/icons.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useNeedsConnection } from '../../../lib/offline/needs-connection.ts';
import { AutoClearAssessmentMutation } from '../api/auto-clear-assessment.ts';
import { AutoCompleteAssessmentMutation } from '../api/auto-complete-assessment.ts';
import { CompleteSelfAssessmentMutation } from '../api/complete-self-assessment.ts';
import { SubmitSelfAssessmentMutation } from '../api/submit-self-assessment.ts';
import { ACTION_FAILED, type ResponseStore, type TAssessmentAccess, type TAssessmentData, useReportDownload } from '../../assessments/index.ts';
import { ActionPlanDownloadButton, ActionRequiredButton, ApproveButton, ReviewNotifyButton } from '../../assessment-review/index.ts';
import { IssueCertificateButton } from '../../certificates/index.ts';
import { ReopenModal } from './reopen-modal.tsx';
import { RequestAssistanceModal } from './request-assistance-modal.tsx';

type TDialog = 'submit' | 'complete' | 'autoComplete' | 'autoClear' | 'reopen' | 'assistance' | null;

/**
 * The actions panel (spec 001 §6 "Buttons"): exactly the buttons `assessmentButtons` gives this
 * user, each confirmed first; after an action the assessment is read again (spec 001 §7).
 */
export function ActionsPanel({
  assessment,
  access,
  store,
  onChanged,
  survey,
}: {
  assessment: TAssessmentData;
  access: TAssessmentAccess;
  store: ResponseStore;
  onChanged(): void;
  /** A survey visit's own Submit for review (its form) and Edit summary. */
  survey?: { submit(): void; editSummary(): void };
}) {
  const buttons = assessmentButtons(access);
  const [dialog, setDialog] = useState<TDialog>(null);
  const report = useReportDownload();
  const [submitState, submit] = useMutation(SubmitSelfAssessmentMutation);
  const submitting = useNeedsConnection('Submitting');
  const [completeState, complete] = useMutation(CompleteSelfAssessmentMutation);
  const [autoCompleteState, autoComplete] = useMutation(AutoCompleteAssessmentMutation);
  const [autoClearState, autoClear] = useMutation(AutoClearAssessmentMutation);
  const busy =
    submitState.fetching || completeState.fetching || autoCompleteState.fetching || autoClearState.fetching;

  const indicators = (assessment.accreditation?.survey_version?.indicator_sets ?? []).flatMap(
    (s) => s.indicators,
  );
  const unanswered = indicators.filter((i) => !isAnswered(assessment.type, store.shown(i.id))).length;

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
      setDialog(null);
    }
    onChanged();
  };
  const id = assessment.id;
  const shown = Object.values(buttons).some(Boolean);
  if (!shown) return null;

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Actions">
      <Group gap="sm" wrap="wrap">
        {buttons.submitForReview ? (
          <Button
            onClick={submitting.guard(() => (survey ? survey.submit() : setDialog('submit')))}
            disabled={busy}
          >
            Submit for review
          </Button>
        ) : null}
        {buttons.editSummary && survey ? (
          <Button variant="default" onClick={survey.editSummary}>
            Edit summary
          </Button>
        ) : null}
        {buttons.completed ? (
          <Button onClick={() => setDialog('complete')} disabled={busy}>
            Completed
          </Button>
        ) : null}
        <ActionRequiredButton assessment={assessment} access={access} store={store} onChanged={onChanged} />
        {buttons.approve ? (
          <ApproveButton assessment={assessment} store={store} onChanged={onChanged} />
        ) : null}
        {buttons.reviewed ? <ReviewNotifyButton assessment={assessment} store={store} /> : null}
        {buttons.issueCertificate ? (
          <IssueCertificateButton assessmentId={id} disabled={busy} onIssued={onChanged} />
        ) : null}
        {buttons.requestAssistance ? (
          <Button variant="default" onClick={() => setDialog('assistance')}>
            Request Assistance
          </Button>
        ) : null}
        {buttons.report ? (
          <Button
            variant="default"
            leftSection={<DownloadIcon size={16} />}
            loading={report.busyId === id}
            onClick={() => void report.download(id)}
          >
            Report
          </Button>
        ) : null}
        <ActionPlanDownloadButton assessmentId={id} access={access} />
        {buttons.autoComplete ? (
          <Button variant="light" color="gray" onClick={() => setDialog('autoComplete')} disabled={busy}>
            Auto complete
          </Button>
        ) : null}
        {buttons.autoClear ? (
          <Button variant="light" color="gray" onClick={() => setDialog('autoClear')} disabled={busy}>
            Auto clear
          </Button>
        ) : null}
        {buttons.reopen ? (
          <Button variant="light" color="gray" onClick={() => setDialog('reopen')} disabled={busy}>
            Reopen
          </Button>
        ) : null}
      </Group>

      <ConfirmModal
        opened={dialog === 'submit'}
        title="Submit for review"
        confirmLabel="Submit for review"
        busy={submitState.fetching}
        onClose={() => setDialog(null)}
        onConfirm={submitting.guard(() =>
          run(() => submit({ assessmentId: id }), ASSESSMENT_MESSAGES.submitted, ACTION_FAILED),
        )}
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
        busy={completeState.fetching}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          void run(() => complete({ assessmentId: id }), ASSESSMENT_MESSAGES.completed, ACTION_FAILED)
        }
      >
        The review is finished: the self assessment becomes complete.
      </ConfirmModal>
      <ConfirmModal
        opened={dialog === 'autoComplete'}
        title="Auto complete"
        confirmLabel="Auto complete"
        busy={autoCompleteState.fetching}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          void run(
            () => autoComplete({ assessmentId: id }),
            ASSESSMENT_MESSAGES.bulkDone,
            ASSESSMENT_MESSAGES.bulkUpdateFailed,
          )
        }
      >
        Every indicator not yet answered will be marked complete, with its must-have items ticked.
      </ConfirmModal>
      <ConfirmModal
        opened={dialog === 'autoClear'}
        title="Auto clear"
        confirmLabel="Auto clear"
        confirmColor="red"
        busy={autoClearState.fetching}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          void run(
            () => autoClear({ assessmentId: id }),
            ASSESSMENT_MESSAGES.bulkDone,
            ASSESSMENT_MESSAGES.bulkUpdateFailed,
          )
        }
      >
        Every answer, tick and note of this assessment will be cleared.
      </ConfirmModal>
      <ReopenModal
        assessmentId={id}
        status={assessment.status}
        opened={dialog === 'reopen'}
        onClose={() => setDialog(null)}
        onDone={onChanged}
      />
      <RequestAssistanceModal
        assessmentId={id}
        opened={dialog === 'assistance'}
        onClose={() => setDialog(null)}
      />
    </Paper>
  );
}
