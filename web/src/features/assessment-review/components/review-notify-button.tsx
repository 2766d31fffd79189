import { Alert, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { REVIEW_MESSAGES, REVIEW_MODAL_CLOSE_MS } from '@portal/domain';
import { format } from 'date-fns';
import { useCallback, useEffect, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { type ResponseStore, type TAssessmentData, useResponseOutline } from '../../assessments/index.ts';
import { GetReviewHistoryQuery } from '../api/get-review-history.ts';
import { SendNcReviewedEmailMutation } from '../api/send-nc-reviewed-email.ts';

/**
 * 'Reviewed' (spec 001 §6) opens the review assessment modal (§2 "notify the practice"): what will
 * be sent, Send, the answer's detail on success (the modal closes REVIEW_MODAL_CLOSE_MS later),
 * the detail or 'Error ' on failure (§8), and the review history (§7 nc_reviewed_history).
 */
export function ReviewNotifyButton({
  assessment,
  store,
}: {
  assessment: TAssessmentData;
  store: ResponseStore;
}) {
  const [opened, setOpened] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [state, send] = useMutation(SendNcReviewedEmailMutation);
  const [history, refetchHistory] = useQuery({
    query: GetReviewHistoryQuery,
    variables: { assessmentId: assessment.id },
    pause: !opened,
    requestPolicy: 'cache-and-network',
  });
  const close = useCallback(() => {
    setOutcome(null);
    setOpened(false);
  }, []);
  useEffect(() => {
    if (!outcome?.ok) return;
    const timer = window.setTimeout(close, REVIEW_MODAL_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, close]);
  useResponseOutline(store);
  const sets = assessment.survey_version?.indicator_sets ?? [];
  const notMet = sets
    .flatMap((s) => s.indicators)
    .map((i) => store.shown(i.id))
    .filter((r) => r.compliance === 'NOT_MET');
  const open = notMet.filter((r) => r.non_conformity_status !== 'CLOSED').length;
  const submit = async () => {
    await store.flushAll();
    const result = await send({ assessmentId: assessment.id });
    if (result.error || !result.data) {
      setOutcome({
        ok: false,
        text: result.error?.graphQLErrors[0]?.message ?? REVIEW_MESSAGES.notifyFailed,
      });
      return;
    }
    setOutcome({ ok: true, text: result.data.sendNcReviewedEmail.detail });
    refetchHistory({ requestPolicy: 'network-only' });
  };
  const rows = history.data?.review_history ?? [];
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Reviewed
      </Button>
      <Modal opened={opened} onClose={close} title={REVIEW_MESSAGES.notifyTitle} centered size="lg">
        <Stack gap="md">
          <Text fz="sm">
            The practice's managers and nominated contact receive an e-mail saying that the non-conformities
            of this survey were reviewed: {open} open and {notMet.length - open} closed, with a link to the
            assessment.
          </Text>
          <Stack gap={6}>
            <Title order={3} fz="sm">
              Review history
            </Title>
            {rows.length === 0 ? (
              <Text fz="sm" c="dimmed">
                The practice has not been notified yet.
              </Text>
            ) : (
              <Table aria-label="Review history" fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Sent</Table.Th>
                    <Table.Th>Sent by</Table.Th>
                    <Table.Th>Sent to</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>{format(new Date(row.sent_at), 'dd/MM/yyyy HH:mm')}</Table.Td>
                      <Table.Td>
                        {row.sent_by ? `${row.sent_by.first_name} ${row.sent_by.last_name}`.trim() : '—'}
                      </Table.Td>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{row.sent_to}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
          {outcome ? (
            <Alert variant="light" color={outcome.ok ? 'teal' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
              {outcome.text}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={state.fetching}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} loading={state.fetching} disabled={outcome?.ok === true}>
              Send
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
