import { Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { assessmentPath, REVIEW_MESSAGES } from '@portal/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from 'urql';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import type { ResponseStore, TAssessmentData } from '../../assessments/index.ts';
import { ApproveSurveyAssessmentMutation } from '../api/approve-survey-assessment.ts';
import { useReviewFacts } from '../hooks/use-review-facts.ts';
import { RepeatAssessmentAlert } from './repeat-assessment-alert.tsx';

/**
 * Approve (spec 001 §4, §5, §6) and its confirm modal: the open, unreferred non-conformities the
 * screen knows are listed, each a link to its indicator, and the confirm is disabled while there
 * are any; the 20 % notice shows before confirming; the server's refusal shows in the modal. Under
 * review the way out is 'Action required' (docs/decisions/assessments.md, "Approve"): the modal
 * says so and, for who holds that button, opens its modal (`onRaiseActionRequired`).
 */
export function ApproveButton({
  assessment,
  store,
  onChanged,
  onRaiseActionRequired,
}: {
  assessment: TAssessmentData;
  store: ResponseStore;
  onChanged(): void;
  onRaiseActionRequired?(): void;
}) {
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [state, approve] = useMutation(ApproveSurveyAssessmentMutation);
  const facts = useReviewFacts(assessment, store);
  const practiceId = assessment.accreditation?.practice_id ?? 0;
  const close = () => {
    setError(null);
    setOpened(false);
  };
  const confirm = async () => {
    await store.flushAll();
    const result = await approve({ assessmentId: assessment.id });
    if (result.error || !result.data) {
      setError(
        result.error?.graphQLErrors[0]?.message ?? 'The assessment could not be approved. Please try again.',
      );
      onChanged();
      return;
    }
    notifySuccess(result.data.approveSurveyAssessment.message);
    close();
    onChanged();
  };
  const blocked = facts.openProblems.length > 0;
  const underReview = assessment.status === 'UNDER_REVIEW';
  return (
    <>
      <Button onClick={() => setOpened(true)} disabled={state.fetching}>
        Approve
      </Button>
      <ConfirmModal
        opened={opened}
        title="Approve"
        size="lg"
        confirmLabel="Approve"
        confirmDisabled={blocked}
        busy={state.fetching}
        error={error}
        onConfirm={() => void confirm()}
        onClose={close}
      >
        <Stack gap="md">
          {blocked ? (
            <Stack gap={6}>
              <Title order={3} fz="sm">
                {underReview ? 'Not met indicators' : 'Open non-conformities'} ({facts.openProblems.length})
              </Title>
              <Text fz="sm">
                {underReview
                  ? REVIEW_MESSAGES.notMetUnderReviewIntro
                  : 'Close each of these or refer it to the CA before approving. Each link opens its indicator.'}
              </Text>
              <List spacing={4} size="sm" aria-label="Open non-conformities">
                {facts.openProblems.map((p) => (
                  <List.Item key={p.indicatorId}>
                    <Anchor
                      component={Link}
                      to={`${assessmentPath(practiceId, assessment.id)}/${p.setId}/${p.indicatorId}`}
                      fz="sm"
                      onClick={close}
                    >
                      {p.code}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
              {underReview && onRaiseActionRequired ? (
                <Group>
                  <Button
                    variant="light"
                    onClick={() => {
                      close();
                      onRaiseActionRequired();
                    }}
                  >
                    {REVIEW_MESSAGES.raiseActionRequired}
                  </Button>
                </Group>
              ) : null}
            </Stack>
          ) : (
            <Text fz="sm">
              The survey's findings are approved: the assessment becomes approved and can then be certified.
            </Text>
          )}
          <RepeatAssessmentAlert repeat={facts.repeat} />
        </Stack>
      </ConfirmModal>
    </>
  );
}
