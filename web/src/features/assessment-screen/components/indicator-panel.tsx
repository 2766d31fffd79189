import { Alert, Divider, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  canChangeAssessmentInputs,
  canReadAuditTrail,
  INDICATOR_TEXT_MAX_LENGTH,
  INDICATOR_TEXTAREA_MAX_ROWS,
  INDICATOR_TEXTAREA_MIN_ROWS,
  indicatorBanner,
  reviewMarks,
  selfAssessmentChoice,
  selfAssessmentChoiceOf,
  type TIndicatorResponseFields,
} from '@portal/domain';
import { memo } from 'react';
import { ActionPlanSection } from '../../assessment-review/index.ts';
import {
  IndicatorChecklists,
  IndicatorResources,
  indicatorItems,
  type ResponseStore,
  type TAssessmentAccess,
  type TAssessmentData,
  type TIndicator,
  useResponseSelector,
} from '../../assessments/index.ts';
import { HistoryButton } from '../../audit/index.ts';
import { usePracticeContext } from '../../practices/index.ts';
import { SurveyFindings, useSurveyTransitions } from '../../survey-visit/index.ts';
import { EditionFlagNote, editionFlagOf } from './edition-flags.tsx';
import { IndicatorComments } from './indicator-comments.tsx';
import { IndicatorDocuments } from './indicator-documents.tsx';
import { ReviewMarks, SelfAssessmentChoice } from './indicator-inputs.tsx';

/** The History button of the indicator's response, for those who may read the audit trail. */
function IndicatorHistory({
  indicator,
  responseId,
}: {
  indicator: TIndicator;
  responseId: number | undefined;
}) {
  const practice = usePracticeContext();
  if (responseId === undefined || !canReadAuditTrail(practice.access)) return null;
  return (
    <Group justify="flex-end" mb={-8}>
      <HistoryButton
        subject="response"
        id={responseId}
        what={`${indicator.code} ${indicator.name}`}
        label={`History of indicator ${indicator.code}`}
        size="compact-sm"
        variant="light"
      />
    </Group>
  );
}

/** Who else is editing the indicator, and the banner once it is done (`indicatorBanner`). */
function IndicatorNotices({
  lockedBy,
  banner,
  compliance,
}: {
  lockedBy: string | null;
  banner: ReturnType<typeof indicatorBanner>;
  compliance: TIndicatorResponseFields['compliance'];
}) {
  return (
    <>
      {lockedBy ? (
        <Alert variant="light" color="grape" py="xs">
          {lockedBy} is editing this indicator. Your changes still save; fields you both change keep the last
          one saved.
        </Alert>
      ) : null}
      {banner ? (
        <Alert variant="light" color="teal" py="xs" title={banner === 'completed' ? 'Completed' : 'Complete'}>
          {banner === 'completed'
            ? 'This indicator is marked complete and every must-have item is ticked.'
            : compliance === 'NOT_MET'
              ? 'This indicator is rated Not met and its must-haves are done.'
              : 'This indicator is rated and its must-haves are done.'}
        </Alert>
      ) : null}
    </>
  );
}

/** Two shown responses that differ at most in their opportunities for improvement. */
function sameButObservation(a: TIndicatorResponseFields, b: TIndicatorResponseFields): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as (keyof TIndicatorResponseFields)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) =>
      key === 'observation' ||
      Object.is(a[key], b[key]) ||
      (key === 'checklists' && JSON.stringify(a.checklists) === JSON.stringify(b.checklists)),
  );
}

/**
 * 'Opportunities for improvement': it follows its own text, so typing in it re-renders the
 * text area only (not the checklists, documents and comments around it).
 */
const ObservationField = memo(function ObservationField({
  store,
  indicatorId,
  editable,
}: {
  store: ResponseStore;
  indicatorId: number;
  editable: boolean;
}) {
  const observation = useResponseSelector(store, () => store.shown(indicatorId).observation ?? '');
  return (
    <Textarea
      label="Opportunities for improvement"
      autosize
      minRows={INDICATOR_TEXTAREA_MIN_ROWS}
      maxRows={INDICATOR_TEXTAREA_MAX_ROWS}
      maxLength={INDICATOR_TEXT_MAX_LENGTH}
      readOnly={!editable}
      value={observation}
      onChange={(event) =>
        store.edit(indicatorId, { fields: { observation: event.currentTarget.value }, ticks: {} })
      }
    />
  );
});

/**
 * One indicator (spec 001 §2 "Indicator view"): its checklists, the self assessment's choice,
 * the status banner, opportunities for improvement, the reviewer's checkboxes, resources,
 * documents and comments. Every change goes to the response store, which saves it. The panel
 * follows its indicator's entry except the opportunities for improvement, which follow
 * themselves (`ObservationField`).
 */
export const IndicatorPanel = memo(function IndicatorPanel({
  assessment,
  indicator,
  access,
  store,
  lockedBy,
  onDocumentsChanged,
}: {
  assessment: TAssessmentData;
  indicator: TIndicator;
  access: TAssessmentAccess;
  store: ResponseStore;
  lockedBy: string | null;
  onDocumentsChanged(): void;
}) {
  const id = indicator.id;
  const response = useResponseSelector(store, () => store.shown(id), sameButObservation);
  const saved = useResponseSelector(store, () => store.entry(id)?.saved);
  const responseId = saved?.id;
  const responseRow = assessment.indicator_responses.find((r) => r.id === responseId);
  const hasResponse = responseId !== undefined;
  const editable = hasResponse && canChangeAssessmentInputs(access);
  const self = assessment.type === 'PRESURVEY';
  const review = reviewMarks(access);
  const reviewing = review.shown;
  const mayReview = editable && review.editable;
  const banner = indicatorBanner(assessment.type, response, indicatorItems(indicator));
  const choice = selfAssessmentChoiceOf(response);
  const survey = useSurveyTransitions(assessment, indicator, store);
  const tick = (question: number, item: number, ticked: boolean) => {
    if (self) store.edit(id, { fields: {}, ticks: { [question]: { [item]: ticked } } });
    else survey.compliance({ kind: 'tick', question, item, ticked });
  };

  return (
    <Stack gap="md" pt="xs">
      <IndicatorHistory indicator={indicator} responseId={responseId} />
      <EditionFlagNote flag={editionFlagOf(saved)} />
      <IndicatorNotices lockedBy={lockedBy} banner={banner} compliance={response.compliance} />
      {indicator.description ? (
        <Text fz="sm" c="dimmed">
          {indicator.description}
        </Text>
      ) : null}

      <IndicatorChecklists
        indicator={indicator}
        checklists={response.checklists}
        editable={editable}
        onTick={tick}
      />

      {self ? (
        <SelfAssessmentChoice
          choice={choice}
          editable={editable}
          onChoose={(value) => store.edit(id, { fields: selfAssessmentChoice(value), ticks: {} })}
        />
      ) : (
        <SurveyFindings
          indicatorId={id}
          response={response}
          editable={editable}
          store={store}
          transitions={survey}
        />
      )}
      {self ? null : survey.confirmation}
      <ActionPlanSection assessment={assessment} indicatorId={id} access={access} store={store} />

      <ObservationField store={store} indicatorId={id} editable={editable} />

      {reviewing ? (
        <ReviewMarks
          response={response}
          editable={mayReview}
          onChange={(fields) => store.edit(id, { fields, ticks: {} })}
        />
      ) : null}

      <Divider />
      <Title order={4} fz="sm">
        Resources
      </Title>
      <IndicatorResources resources={indicator.indicator_resources} />
      <Divider />
      <IndicatorDocuments
        assessment={assessment}
        indicator={indicator}
        responseId={responseId ?? null}
        documents={responseRow?.documents ?? []}
        access={access}
        onChanged={onDocumentsChanged}
      />
      <Divider />
      <IndicatorComments responseId={responseId ?? null} access={access} />
    </Stack>
  );
});
