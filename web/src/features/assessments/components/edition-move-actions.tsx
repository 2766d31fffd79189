import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { PRACTICE_MOVE_MESSAGES, type TEditionChanges } from '@portal/domain';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useServices } from '../../../lib/services.tsx';
import { moveAssessment, type TMoveOutcome, undoMove } from '../api/move-practice.ts';

/**
 * The back office's move of this practice from "What changes for us" (issue 30: "an admin (or
 * QAM) moves one accreditation"): the view is the dry run, **Move to <edition>** confirms and
 * moves its assessment in progress; once moved, **Undo the move** (refused in the service's words
 * once someone changed the new assessment; a refusal is said in a notification). Its buttons sit
 * beside the view's Download PDF. A selection of practices moves from the admin console.
 */
export function EditionMoveActions({ changes, onChanged }: { changes: TEditionChanges; onChanged(): void }) {
  const services = useServices();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const newer = changes.newer?.name ?? '';
  const run = async (work: () => Promise<TMoveOutcome>, done: string) => {
    setBusy(true);
    try {
      const outcome = await work();
      if (outcome.ok) {
        notifySuccess(done);
        onChanged();
      } else notifyError(outcome.message);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  const moveId = changes.moved?.moveId;
  const assessment = changes.assessment;
  const mappingId = changes.mappingId;
  return (
    <>
      {changes.state === 'PREVIEW' && assessment && mappingId ? (
        assessment.status === 'IN_PROGRESS' ? (
          <Button onClick={() => setConfirming(true)} loading={busy}>
            {PRACTICE_MOVE_MESSAGES.move(newer)}
          </Button>
        ) : (
          <Text fz="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
            {PRACTICE_MOVE_MESSAGES.onlyInProgress}
          </Text>
        )
      ) : null}
      {changes.state === 'MOVED' && moveId ? (
        <Button
          variant="default"
          loading={busy}
          onClick={() => void run(() => undoMove(services, moveId), PRACTICE_MOVE_MESSAGES.undone)}
        >
          {PRACTICE_MOVE_MESSAGES.undo}
        </Button>
      ) : null}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={PRACTICE_MOVE_MESSAGES.confirmTitle}
        styles={{ title: { fontWeight: 700 } }}
      >
        <Stack gap="md">
          <Text fz="sm">{PRACTICE_MOVE_MESSAGES.confirm(newer)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              loading={busy}
              onClick={() =>
                assessment &&
                mappingId &&
                void run(
                  () => moveAssessment(services, mappingId, assessment.id),
                  PRACTICE_MOVE_MESSAGES.moved(newer),
                )
              }
            >
              {PRACTICE_MOVE_MESSAGES.confirmButton}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
