import { Anchor, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { ASSESSMENT_MESSAGES, ASSISTANCE_REQUEST_MAX_LENGTH } from '@portal/domain';
import { useState } from 'react';
import { useMutation } from 'urql';
import { env } from '../../../config/env.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { RequestAssistanceMutation } from '../api/request-assistance.ts';

/**
 * Request Assistance (spec 001 §6, self assessment only): the practice's question goes to its
 * quality accreditation manager by e-mail; the help phone and support e-mail are shown too (002 §1).
 */
export function RequestAssistanceModal({
  assessmentId,
  opened,
  onClose,
}: {
  assessmentId: number;
  opened: boolean;
  onClose(): void;
}) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [state, send] = useMutation(RequestAssistanceMutation);
  const close = () => {
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!message.trim()) {
      setError(ASSESSMENT_MESSAGES.assistanceEmpty);
      return;
    }
    const result = await send({ assessmentId, message: message.trim() });
    if (result.error || !result.data) {
      setError(
        result.error?.graphQLErrors[0]?.message ?? 'Your request could not be sent. Please try again.',
      );
      return;
    }
    notifySuccess(result.data.requestAssistance.message);
    setMessage('');
    close();
  };
  const phone = env.VITE_HELP_PHONE;
  return (
    <Modal opened={opened} onClose={close} title="Request Assistance" centered size="lg">
      <Stack gap="md">
        <Text fz="sm">
          Ask your quality accreditation manager about the standards or your self assessment. They will reply
          by e-mail.
        </Text>
        <Textarea
          label="How can we help?"
          required
          autosize
          minRows={4}
          maxRows={10}
          maxLength={ASSISTANCE_REQUEST_MAX_LENGTH}
          value={message}
          error={error}
          onChange={(event) => {
            setMessage(event.currentTarget.value);
            if (error) setError(null);
          }}
        />
        <Text fz="sm" c="dimmed">
          Prefer to talk? Call{' '}
          <Anchor href={`tel:${phone.replace(/\s+/g, '')}`} fz="sm">
            {phone}
          </Anchor>{' '}
          or e-mail{' '}
          <Anchor href={`mailto:${env.VITE_SUPPORT_EMAIL}`} fz="sm">
            {env.VITE_SUPPORT_EMAIL}
          </Anchor>
          .
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={state.fetching}>
            Cancel
          </Button>
          <Button onClick={submit} loading={state.fetching}>
            Send request
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
