import { Checkbox, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import {
  ACTION_PLAN_MAX_LENGTH,
  ACTION_PLAN_MESSAGES,
  canChangeNonConformityStatus,
  canEnterActionPlan,
  canReferToCa,
  formatDisplayDate,
  INDICATOR_TEXTAREA_MAX_ROWS,
  INDICATOR_TEXTAREA_MIN_ROWS,
} from '@portal/domain';
import type { ResponseStore, TAssessmentAccess, TAssessmentData } from '../../assessments/index.ts';
import { ActionPlanActivities } from './action-plan-activities.tsx';

/** Statuses in which a survey's action plan exists (created by 'Action required'). */
const PLAN_STATUSES: readonly string[] = ['ACTION_REQUIRED', 'APPROVED', 'CERTIFIED'];

/**
 * A Not met survey indicator's action plan (spec 001 §4, §5): while under review the
 * reviewers enter 'Action plan' (autosaved like every field); once action is required it is
 * read-only, with the non-conformity's Open/Closed (changeActionPlan holders; the server stamps
 * the closing day), 'Refer to CA' (the back office) and the activities. Nothing for other indicators.
 */
export function ActionPlanSection({
  assessment,
  indicatorId,
  access,
  store,
}: {
  assessment: TAssessmentData;
  indicatorId: number;
  access: TAssessmentAccess;
  store: ResponseStore;
}) {
  const response = store.shown(indicatorId);
  const responseId = store.responseId(indicatorId);
  if (assessment.type !== 'SURVEY_VISIT' || response.compliance !== 'NOT_MET' || responseId === undefined)
    return null;
  const reviewing = assessment.status === 'UNDER_REVIEW';
  const planned = PLAN_STATUSES.includes(assessment.status);
  if (!reviewing && !planned) return null;
  const set = (fields: Parameters<ResponseStore['edit']>[1]['fields']) =>
    store.edit(indicatorId, { fields, ticks: {} });
  const actionRequired = assessment.status === 'ACTION_REQUIRED';
  const mayChangeStatus = actionRequired && canChangeNonConformityStatus(access);
  const mayRefer = actionRequired && canReferToCa(access);
  // The referral shows to whoever may set it, to the back office, and to everyone once it is set.
  const showsReferral = mayRefer || access.flags.assessment.changeSurveyUnderReview || response.refer_to_ca;
  const dateClosed = store.entry(indicatorId)?.saved?.date_closed ?? null;

  return (
    <Stack gap="sm">
      <Textarea
        label={ACTION_PLAN_MESSAGES.actionPlanLabel}
        description={reviewing ? ACTION_PLAN_MESSAGES.actionPlanDescription : undefined}
        autosize
        minRows={INDICATOR_TEXTAREA_MIN_ROWS}
        maxRows={INDICATOR_TEXTAREA_MAX_ROWS}
        maxLength={ACTION_PLAN_MAX_LENGTH}
        readOnly={!canEnterActionPlan(access)}
        // Read only, it looks it: filled, like the other fields the user cannot change.
        variant={canEnterActionPlan(access) ? 'default' : 'filled'}
        value={response.action_plan ?? ''}
        onChange={(event) => set({ action_plan: event.currentTarget.value })}
      />
      {planned ? (
        <>
          <Group gap="xl" align="flex-end">
            <Radio.Group
              label={ACTION_PLAN_MESSAGES.nonConformityStatusLabel}
              value={response.non_conformity_status}
              onChange={(value) => set({ non_conformity_status: value as 'OPEN' | 'CLOSED' })}
            >
              <Group gap="lg" mt={6}>
                <Radio value="OPEN" label="Open" disabled={!mayChangeStatus} />
                <Radio value="CLOSED" label="Closed" disabled={!mayChangeStatus} />
              </Group>
            </Radio.Group>
            {showsReferral ? (
              <Checkbox
                label={ACTION_PLAN_MESSAGES.referToCaLabel}
                disabled={!mayRefer}
                checked={response.refer_to_ca}
                onChange={(event) => set({ refer_to_ca: event.currentTarget.checked })}
              />
            ) : null}
          </Group>
          {response.non_conformity_status === 'CLOSED' && dateClosed ? (
            <Text fz="sm" c="dimmed">
              {ACTION_PLAN_MESSAGES.closedOn(formatDisplayDate(dateClosed))}
            </Text>
          ) : null}
          <ActionPlanActivities responseId={responseId} access={access} />
        </>
      ) : null}
    </Stack>
  );
}
