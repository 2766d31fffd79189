import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Divider,
  Group,
  Radio,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  canChangeAssessmentInputs,
  canReadAuditTrail,
  INDICATOR_TEXT_MAX_LENGTH,
  INDICATOR_TEXTAREA_MAX_ROWS,
  INDICATOR_TEXTAREA_MIN_ROWS,
  indicatorBanner,
  isTicked,
  reviewMarks,
  SELF_ASSESSMENT_CHOICES,
  selfAssessmentChoice,
  selfAssessmentChoiceOf,
} from '@portal/domain';
import { HistoryButton } from '../../audit/index.ts';
import { usePracticeContext } from '../../practices/index.ts';
import { type ResponseStore, type TAssessmentAccess, type TAssessmentData, type TIndicator, indicatorItems } from '../../assessments/index.ts';
import { SurveyFindings, useSurveyTransitions } from '../../survey-visit/index.ts';
import { ActionPlanSection } from '../../assessment-review/index.ts';
import { IndicatorComments } from './indicator-comments.tsx';
import { IndicatorDocuments } from './indicator-documents.tsx';
import { IndicatorResources } from './indicator-resources.tsx';

/**
 * One indicator (spec 001 §2 "Indicator view"): its checklists, the self assessment's choice,
 * the status banner, opportunities for improvement, the reviewer's checkboxes, resources,
 * documents and comments. Every change goes to the response store, which saves it.
 */
export function IndicatorPanel({
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
  const response = store.shown(indicator.id);
  const responseRow = assessment.indicator_responses.find((r) => r.id === store.responseId(indicator.id));
  const hasResponse = store.responseId(indicator.id) !== undefined;
  const editable = hasResponse && canChangeAssessmentInputs(access);
  const self = assessment.type === 'PRESURVEY';
  const review = reviewMarks(access);
  const reviewing = review.shown;
  const mayReview = editable && review.editable;
  const banner = indicatorBanner(assessment.type, response, indicatorItems(indicator));
  const id = indicator.id;
  const choice = selfAssessmentChoiceOf(response);
  const survey = useSurveyTransitions(assessment, indicator, store);
  const practice = usePracticeContext();
  const responseId = store.responseId(id);
  const tick = (question: number, item: number, ticked: boolean) => {
    if (self) store.edit(id, { fields: {}, ticks: { [question]: { [item]: ticked } } });
    else survey.compliance({ kind: 'tick', question, item, ticked });
  };

  return (
    <Stack gap="md" pt="xs">
      {responseId !== undefined && canReadAuditTrail(practice.access) ? (
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
      ) : null}
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
            : response.compliance === 'NOT_MET'
              ? // A Not met indicator's must-haves are not all ticked: what is done is its non-compliance.
                'This indicator is rated Not met and its non-compliance is recorded.'
              : 'This indicator is rated and its must-haves are done.'}
        </Alert>
      ) : null}
      {indicator.description ? (
        <Text fz="sm" c="dimmed">
          {indicator.description}
        </Text>
      ) : null}

      {indicator.checklists.map((question) => (
        <Stack key={question.id} gap={6}>
          <Text fz="sm" fw={600}>
            {question.question_number}. {question.question_text}
          </Text>
          {question.checklist_items.map((item) => (
            <Checkbox
              key={item.id}
              disabled={!editable}
              checked={isTicked(response.checklists, question.question_number, item.item_number)}
              onChange={(event) =>
                tick(question.question_number, item.item_number, event.currentTarget.checked)
              }
              label={
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <Text fz="sm" span>
                    {item.item_text}
                  </Text>
                  {item.must_have ? (
                    <Badge
                      size="xs"
                      variant="outline"
                      color="red"
                      radius="sm"
                      tt="none"
                      style={{ flexShrink: 0 }}
                    >
                      Must have
                    </Badge>
                  ) : null}
                </Group>
              }
            />
          ))}
        </Stack>
      ))}

      {self ? (
        <Radio.Group
          label="Self assessment"
          value={choice ?? ''}
          onChange={(value) =>
            store.edit(id, {
              fields: selfAssessmentChoice(value as 'COMPLETE' | 'NOT_APPLICABLE'),
              ticks: {},
            })
          }
        >
          <Group gap="lg" mt={6}>
            {SELF_ASSESSMENT_CHOICES.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} disabled={!editable} />
            ))}
            {choice && editable ? (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => store.edit(id, { fields: selfAssessmentChoice(null), ticks: {} })}
              >
                Clear choice
              </Button>
            ) : null}
          </Group>
        </Radio.Group>
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

      <Textarea
        label="Opportunities for improvement"
        autosize
        minRows={INDICATOR_TEXTAREA_MIN_ROWS}
        maxRows={INDICATOR_TEXTAREA_MAX_ROWS}
        maxLength={INDICATOR_TEXT_MAX_LENGTH}
        readOnly={!editable}
        value={response.observation ?? ''}
        onChange={(event) =>
          store.edit(id, { fields: { observation: event.currentTarget.value }, ticks: {} })
        }
      />

      {reviewing ? (
        <Group gap="xl">
          <Checkbox
            label="Reviewed"
            disabled={!mayReview}
            checked={response.reviewed}
            onChange={(event) =>
              store.edit(id, { fields: { reviewed: event.currentTarget.checked }, ticks: {} })
            }
          />
          <Checkbox
            label="Further action required"
            disabled={!mayReview}
            checked={response.further_action_required}
            onChange={(event) =>
              store.edit(id, { fields: { further_action_required: event.currentTarget.checked }, ticks: {} })
            }
          />
        </Group>
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
        responseId={store.responseId(id) ?? null}
        documents={responseRow?.documents ?? []}
        access={access}
        onChanged={onDocumentsChanged}
      />
      <Divider />
      <IndicatorComments responseId={store.responseId(id) ?? null} access={access} />
    </Stack>
  );
}
