import { Alert, Anchor, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { INDICATOR_TEXT_MAX_LENGTH, SUMMARY_EDITOR_ROWS, SURVEY_SUBMIT_MESSAGES } from '@portal/domain';
import { useState } from 'react';
import { useMutation } from 'urql';
import { notifySuccess } from '../../../lib/notify.ts';
import { useServices } from '../../../lib/services.tsx';
import { useOfflineAssessmentContext } from '../../assessment-offline/index.ts';
import {
  ACTION_FAILED,
  InsertGeneralCommentMutation,
  UpdateGeneralCommentMutation,
} from '../../assessments/index.ts';
import { isNetworkFailure } from '../../practices/index.ts';
import type { TSurveyorSummary } from '../hooks/use-surveyor-summaries.ts';
import type { TSubmitProblemItem } from './survey-validation-modal.tsx';

/** Ours: the spec gives no words for a saved summary. */
export const SUMMARY_SAVED = 'Your surveyor summary has been saved.';
/**
 * Ours: saved while offline. Shown inline in the Surveyor Summary panel while the
 * write waits (not a toast: it would stay up while syncing, over the account menu).
 */
export const SUMMARY_SAVED_ON_DEVICE =
  'Your surveyor summary is saved on this device. It is sent when you are back online.';

/**
 * The surveyor summary modal (spec 001 §5, 002 §2): 'Surveyor Summary' for a new one or to read
 * another's, 'Edit Summary' for one the user may change; a 12-row editor. Opened by the submit
 * validation, it says '* This field is required before submission' while the text is empty, and
 * lists the submit's other problems under it (`alsoToFix`, indicators as links: spec 001 §5).
 */
export function SummaryModal({
  assessmentId,
  summary,
  serverSummary = null,
  editable,
  required,
  alsoToFix = [],
  onOpenIndicator,
  onClose,
}: {
  assessmentId: number;
  /** The summary shown or edited; null writes the user's first one. */
  summary: TSurveyorSummary | null;
  /** The user's own summary as the server holds it (what an offline edit was made against). */
  serverSummary?: TSurveyorSummary | null;
  editable: boolean;
  required: boolean;
  /** The submit's other problems, shown under the editor. Default none. */
  alsoToFix?: readonly TSubmitProblemItem[];
  onOpenIndicator?(indicatorId: number): void;
  onClose(): void;
}) {
  const { log } = useServices();
  const [text, setText] = useState(summary?.text ?? '');
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [insertState, insert] = useMutation(InsertGeneralCommentMutation);
  const [updateState, update] = useMutation(UpdateGeneralCommentMutation);
  const empty = text.trim().length === 0;
  const offline = useOfflineAssessmentContext();
  // Offline (or while other changes wait), the summary goes to the device's queue.
  const own = !summary || summary.user_id === offline?.copy?.userId;
  const keepOnDevice = async () => {
    // The panel says so while it waits (SUMMARY_SAVED_ON_DEVICE), and stops once it is sent.
    await offline?.queueSummary(serverSummary, text);
    onClose();
  };
  const save = async () => {
    setTried(true);
    if (empty) return;
    setError(null);
    if (offline && own && offline.mustQueue()) return keepOnDevice();
    const saved =
      summary && summary.id > 0
        ? await update({ id: summary.id, text }).then((r) => ({
            ok: !!r.data?.update_general_comments_by_pk,
            error: r.error,
          }))
        : await insert({ assessmentId, text }).then((r) => ({
            ok: !!r.data?.insert_general_comments_one,
            error: r.error,
          }));
    if (offline && own && isNetworkFailure(saved.error)) return keepOnDevice();
    if (!saved.ok) {
      log('error', 'Summary save failed', { assessmentId, error: saved.error });
      setError(ACTION_FAILED);
      return;
    }
    notifySuccess(SUMMARY_SAVED);
    onClose();
  };
  const author = summary?.user ? `${summary.user.first_name} ${summary.user.last_name}` : null;
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      centered
      title={
        <Text fw={700} component="span">
          {editable && summary ? 'Edit Summary' : 'Surveyor Summary'}
        </Text>
      }
    >
      <Stack gap="md">
        {author ? (
          <Text fz="sm" c="dimmed">
            By {author}
          </Text>
        ) : null}
        <Textarea
          label="Summary"
          description={
            editable ? 'Your overall findings of the visit, for the accreditation provider.' : undefined
          }
          rows={SUMMARY_EDITOR_ROWS}
          maxLength={INDICATOR_TEXT_MAX_LENGTH}
          readOnly={!editable}
          value={text}
          data-autofocus
          onChange={(event) => setText(event.currentTarget.value)}
          error={
            (required || tried) && empty && editable ? SURVEY_SUBMIT_MESSAGES.summaryRequired : undefined
          }
        />
        <AlsoToFixList problems={alsoToFix} onOpenIndicator={onOpenIndicator} />
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {editable ? 'Cancel' : 'Close'}
          </Button>
          {editable ? (
            <Button onClick={() => void save()} loading={insertState.fetching || updateState.fetching}>
              Save summary
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}

/** The submit's other problems under the summary editor (spec 001 §5), indicators as links. */
function AlsoToFixList({
  problems,
  onOpenIndicator,
}: {
  problems: readonly TSubmitProblemItem[];
  onOpenIndicator?(indicatorId: number): void;
}) {
  if (problems.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={600}>
        {SURVEY_SUBMIT_MESSAGES.alsoBeforeSubmitting}
      </Text>
      <List spacing={4} size="sm">
        {problems.map((p) => (
          <List.Item key={p.key}>
            {p.indicatorId !== null && onOpenIndicator ? (
              <Anchor
                component="button"
                type="button"
                fz="sm"
                ta="left"
                onClick={() => onOpenIndicator(p.indicatorId!)}
              >
                {p.text}
              </Anchor>
            ) : (
              p.text
            )}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
