import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { REOPEN_REASON_MAX_LENGTH, ZReopenReasonSchema } from '@portal/domain';
import { useState } from 'react';
import { useMutation } from 'urql';
import { notifySuccess } from '../../../lib/notify.ts';
import { ReopenAssessmentMutation } from '../api/reopen-assessment.ts';

/**
 * Reopen (a bulk tool) with its required reason (`ZReopenReasonSchema`, 1–2000 characters): the
 * assessment goes one step back (`reopenTarget`); the reason is kept in its status history.
 */
export function ReopenModal({
  assessmentId,
  status,
  opened,
  onClose,
  onDone,
}: {
  assessmentId: number;
  /** The status the screen shows: the server refuses if it has changed meanwhile. */
  status: string;
  opened: boolean;
  onClose(): void;
  onDone(): void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [state, reopen] = useMutation(ReopenAssessmentMutation);
  const close = () => {
    setError(null);
    onClose();
  };
  const submit = async () => {
    const parsed = ZReopenReasonSchema.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    const result = await reopen({ assessmentId, reason: parsed.data, fromStatus: status });
    if (result.error || !result.data) {
      setError(result.error?.graphQLErrors[0]?.message ?? 'That did not work. Please try again.');
      onDone();
      return;
    }
    notifySuccess(result.data.reopenAssessment.message);
    setReason('');
    close();
    onDone();
  };
  return (
    <Modal opened={opened} onClose={close} title="Reopen" centered>
      <Stack gap="md">
        <Text fz="sm">
          The assessment goes one step back: a survey under review goes back to its surveyors, one with action
          required back under review, an approved one back to where it was approved from.
        </Text>
        <Textarea
          label="Reason"
          required
          autosize
          minRows={3}
          maxRows={8}
          maxLength={REOPEN_REASON_MAX_LENGTH}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            if (error) setError(null);
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={state.fetching}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={state.fetching}>
            Reopen
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
