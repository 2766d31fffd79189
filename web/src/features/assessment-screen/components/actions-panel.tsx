import { Button, Group, Paper } from '@mantine/core';
import { assessmentButtons } from '@portal/domain';
import { useState } from 'react';
import { DownloadIcon } from '../../../components/icons.tsx';
import { useNeedsConnection } from '../../../lib/offline/needs-connection.ts';
import {
  ActionPlanDownloadButton,
  ActionRequiredButton,
  ApproveButton,
  ReviewNotifyButton,
} from '../../assessment-review/index.ts';
import {
  type ResponseStore,
  type TAssessmentAccess,
  type TAssessmentData,
  useReportDownload,
} from '../../assessments/index.ts';
import { IssueCertificateButton } from '../../certificates/index.ts';
import { useStatusActions } from '../hooks/use-status-actions.ts';
import { StatusChangeDialogs, type TActionsDialog } from './status-change-dialogs.tsx';

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
  const [dialog, setDialog] = useState<TActionsDialog>(null);
  const [actionRequiredOpen, setActionRequiredOpen] = useState(false);
  const report = useReportDownload();
  const submitting = useNeedsConnection('Submitting');
  const actions = useStatusActions(assessment.id, store, onChanged, () => setDialog(null));
  const busy = actions.busy;
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
        <ActionRequiredButton
          assessment={assessment}
          access={access}
          store={store}
          onChanged={onChanged}
          opened={actionRequiredOpen}
          onOpenedChange={setActionRequiredOpen}
        />
        {buttons.approve ? (
          <ApproveButton
            assessment={assessment}
            store={store}
            onChanged={onChanged}
            onRaiseActionRequired={buttons.actionRequired ? () => setActionRequiredOpen(true) : undefined}
          />
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

      <StatusChangeDialogs
        assessment={assessment}
        store={store}
        dialog={dialog}
        actions={actions}
        guardSubmit={submitting.guard}
        onClose={() => setDialog(null)}
        onChanged={onChanged}
      />
    </Paper>
  );
}
