import { Anchor, Button, List, Stack, Text, Title } from '@mantine/core';
import {
  ACTION_PLAN_BUSINESS_DAYS,
  ACTION_PLAN_MESSAGES,
  ASSESSMENT_SCROLL_INTO_VIEW_DELAY_MS,
  actionRequiredProblems,
  assessmentButtons,
  assessmentPath,
} from '@portal/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from 'urql';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import {
  ACTION_FAILED,
  type ResponseStore,
  type TAssessmentAccess,
  type TAssessmentData,
  useResponseSelector,
} from '../../assessments/index.ts';
import { usePracticeContext } from '../../practices/index.ts';
import { CreateActionPlanMutation } from '../api/create-action-plan.ts';

/**
 * 'Action required' (spec 001 §4, §5, §6): shown to whoever `assessmentButtons` gives it (a survey
 * under review, the reviewers). Its modal says what happens; the Not met indicators the screen
 * knows lack an action plan are listed, each a link to the indicator, and the confirm waits for
 * them; the server's refusal shows in the modal too. After success the assessment is read again.
 */
export function ActionRequiredButton({
  assessment,
  access,
  store,
  onChanged,
  opened: openedFromOutside,
  onOpenedChange,
}: {
  assessment: TAssessmentData;
  access: TAssessmentAccess;
  store: ResponseStore;
  onChanged(): void;
  /** Open the modal from elsewhere (Approve's way out under review); its own state when absent. */
  opened?: boolean;
  onOpenedChange?(opened: boolean): void;
}) {
  const { practiceId } = usePracticeContext();
  const [openedHere, setOpenedHere] = useState(false);
  const opened = openedFromOutside ?? openedHere;
  const setOpened = onOpenedChange ?? setOpenedHere;
  const [refusal, setRefusal] = useState<string | null>(null);
  const [state, create] = useMutation(CreateActionPlanMutation);
  // While its modal is open it lists what the screen shows (the store's outline).
  useResponseSelector(store, () => (opened ? store.getOutlineVersion() : 0));
  if (!assessmentButtons(access).actionRequired) return null;

  const sets = assessment.survey_version?.indicator_sets ?? [];
  const missing = opened
    ? actionRequiredProblems(
        sets.flatMap((set) =>
          set.indicators.map((i) => ({
            ...store.shown(i.id),
            indicatorId: i.id,
            code: i.code,
            setId: set.id,
          })),
        ),
      )
    : [];
  const setOf = (indicatorId: number) => sets.find((s) => s.indicators.some((i) => i.id === indicatorId))?.id;
  const close = () => {
    setOpened(false);
    setRefusal(null);
  };
  const confirm = async () => {
    setRefusal(null);
    await store.flushAll();
    const result = await create({ assessmentId: assessment.id });
    if (result.error || !result.data) {
      setRefusal(result.error?.graphQLErrors[0]?.message ?? ACTION_FAILED);
    } else {
      notifySuccess(result.data.createActionPlan.message);
      close();
    }
    onChanged();
  };

  return (
    <>
      <Button onClick={() => setOpened(true)} disabled={state.fetching}>
        {ACTION_PLAN_MESSAGES.actionRequiredTitle}
      </Button>
      <ConfirmModal
        opened={opened}
        title={ACTION_PLAN_MESSAGES.actionRequiredTitle}
        confirmLabel={ACTION_PLAN_MESSAGES.actionRequiredTitle}
        confirmDisabled={missing.length > 0}
        busy={state.fetching}
        error={refusal}
        onConfirm={() => void confirm()}
        onClose={close}
      >
        <Stack gap="md">
          <Text fz="sm">{ACTION_PLAN_MESSAGES.actionRequiredIntro(ACTION_PLAN_BUSINESS_DAYS)}</Text>
          {missing.length > 0 ? (
            <Stack gap={6}>
              <Title order={3} fz="sm">
                {ACTION_PLAN_MESSAGES.missingPlansHeading}
              </Title>
              <List spacing={4} size="sm">
                {missing.map((m) => (
                  <List.Item key={m.indicatorId}>
                    <Anchor
                      component={Link}
                      fz="sm"
                      to={assessmentPath(practiceId, assessment.id, setOf(m.indicatorId), m.indicatorId)}
                      replace
                      onClick={() => {
                        close();
                        // As a deep link does (spec 001 §9), once the indicator has opened.
                        window.setTimeout(
                          () =>
                            document
                              .getElementById(`indicator-${m.indicatorId}`)
                              ?.scrollIntoView({ block: 'start' }),
                          ASSESSMENT_SCROLL_INTO_VIEW_DELAY_MS,
                        );
                      }}
                    >
                      {m.code}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            </Stack>
          ) : null}
        </Stack>
      </ConfirmModal>
    </>
  );
}
