import { Alert, Button, Checkbox, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { CONFIDENTIALITY_AGREEMENT } from '@portal/domain';
import { useState } from 'react';
import { useMutation } from 'urql';
import { useNeedsConnection } from '../../../lib/offline/needs-connection.ts';
import { ACTION_FAILED } from '../../assessments/index.ts';
import { SignConfidentialityAgreementMutation } from '../api/sign-confidentiality-agreement.ts';

/**
 * The confidentiality agreement (spec 001 §4, §5, §7): a large modal that cannot be skipped. Both
 * statements must be ticked ('Agreement is required' under each unticked one once the user tries to
 * sign); signing calls the action, then the assessment opens. Closing it leaves the screen.
 */
export function AgreementModal({
  assessmentId,
  onSigned,
  onLeave,
}: {
  assessmentId: number;
  onSigned(): void;
  onLeave(): void;
}) {
  const [ticked, setTicked] = useState<boolean[]>(CONFIDENTIALITY_AGREEMENT.statements.map(() => false));
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [state, sign] = useMutation(SignConfidentialityAgreementMutation);
  const connection = useNeedsConnection('Signing the agreement');
  const submit = async () => {
    setTried(true);
    if (!ticked.every(Boolean)) return;
    setError(null);
    const result = await sign({ assessmentId });
    if (result.error || !result.data) {
      setError(result.error?.graphQLErrors[0]?.message ?? ACTION_FAILED);
      return;
    }
    onSigned();
  };
  return (
    <Modal
      opened
      onClose={onLeave}
      size="xl"
      centered
      title={
        <Text fw={700} fz="lg" component="span">
          {CONFIDENTIALITY_AGREEMENT.title}
        </Text>
      }
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': 'Leave the assessment' }}
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {CONFIDENTIALITY_AGREEMENT.intro}
        </Text>
        {CONFIDENTIALITY_AGREEMENT.paragraphs.map((paragraph) => (
          <Text key={paragraph} fz="sm">
            {paragraph}
          </Text>
        ))}
        <Stack gap="sm" mt="xs">
          {CONFIDENTIALITY_AGREEMENT.statements.map((statement, i) => (
            <Checkbox
              key={statement}
              label={statement}
              checked={ticked[i]}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setTicked((now) => now.map((v, j) => (j === i ? checked : v)));
              }}
              error={tried && !ticked[i] ? CONFIDENTIALITY_AGREEMENT.required : undefined}
            />
          ))}
        </Stack>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onLeave}>
            Leave
          </Button>
          <Button onClick={connection.guard(submit)} loading={state.fetching}>
            {CONFIDENTIALITY_AGREEMENT.sign}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
