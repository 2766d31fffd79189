import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { DECLINE_REASON_MAX, ZDeclineReasonSchema } from '@portal/domain';
import { useEffect, useState } from 'react';
import { useMutation } from 'urql';
import { PortalError } from '../../../lib/errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { DeclineSurveyOfferMutation } from '../api/decline-survey-offer.ts';
import type { TOfferRow } from '../model/offer-rows.ts';

/** Declining an offer asks for the reason (required; checked again by the action). */
export function DeclineOfferModal({
  offer,
  onClose,
  onDeclined,
}: {
  offer: TOfferRow | null;
  onClose(): void;
  onDeclined(): void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [{ fetching }, decline] = useMutation(DeclineSurveyOfferMutation);
  useEffect(() => {
    if (offer) {
      setReason('');
      setProblem(null);
    }
  }, [offer]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!offer) return;
    const parsed = ZDeclineReasonSchema.safeParse(reason);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]!.message);
      return;
    }
    const result = await decline({ visitorId: offer.id, reason: parsed.data });
    if (result.error) {
      setProblem(PortalError.fromCombinedError(result.error).message);
      return;
    }
    notifySuccess(result.data?.declineSurveyOffer.message ?? 'Declined.');
    onDeclined();
  };

  return (
    <Modal opened={offer !== null} onClose={onClose} title="Decline the offer" centered>
      {offer ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text fz="sm">
              {offer.practice}, {offer.suburb}: {offer.type}, due {offer.due}.
            </Text>
            <Textarea
              label="Reason for declining"
              required
              autosize
              minRows={3}
              maxRows={8}
              maxLength={DECLINE_REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={problem}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" color="red.9" loading={fetching}>
                Decline offer
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
