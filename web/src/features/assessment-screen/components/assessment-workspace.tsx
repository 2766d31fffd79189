import { Alert } from '@mantine/core';
import { ASSESSMENT_SCROLL_INTO_VIEW_DELAY_MS, assessmentPath, formatDisplayDate } from '@portal/domain';
import { useNavigate, useSearchParams } from 'react-router';
import type { ResponseStore, TAssessmentAccess, TAssessmentData } from '../../assessments/index.ts';
import { usePracticeContext } from '../../practices/index.ts';
import { SurveyorSummaryPanel, useSurveyDialogs } from '../../survey-visit/index.ts';
import type { TLocksByResponse } from '../hooks/use-indicator-locks.ts';
import { ActionsPanel } from './actions-panel.tsx';
import { IndicatorBrowser } from './indicator-browser.tsx';
import { SummaryPanel } from './summary-panel.tsx';

/**
 * The assessment once it may be shown: the actions panel, the summary panel (and a survey's
 * surveyor summaries), the indicators, and a survey's summary and submission dialogs. A link of
 * the validation modal opens its indicator (the browser opens what the address names).
 */
export function AssessmentWorkspace({
  assessment,
  access,
  store,
  locks,
  onChanged,
}: {
  assessment: TAssessmentData;
  access: TAssessmentAccess;
  store: ResponseStore;
  locks: TLocksByResponse;
  onChanged(): void;
}) {
  const { practiceId } = usePracticeContext();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const sets = assessment.survey_version?.indicator_sets ?? [];
  const survey = useSurveyDialogs({
    assessment,
    access,
    store,
    onChanged,
    onOpenIndicator(indicatorId) {
      const set = sets.find((s) => s.indicators.some((i) => i.id === indicatorId));
      if (!set) return;
      // The filter could hide it: the link shows every indicator.
      const next = new URLSearchParams(search);
      next.delete('filter');
      next.delete('nc');
      navigate(
        {
          pathname: assessmentPath(practiceId, assessment.id, set.id, indicatorId),
          search: next.toString() ? `?${next}` : '',
        },
        { replace: true },
      );
      // As a deep link does (spec 001 §9), once the indicator has opened.
      window.setTimeout(
        () => document.getElementById(`indicator-${indicatorId}`)?.scrollIntoView({ block: 'start' }),
        ASSESSMENT_SCROLL_INTO_VIEW_DELAY_MS,
      );
    },
  });
  const isSurvey = assessment.type === 'SURVEY_VISIT';
  const submitted = assessment.assessment_submissions.find((s) => s.user_id === access.userId);
  return (
    <>
      {isSurvey && submitted && assessment.status === 'PARTIALLY_SUBMITTED' ? (
        <Alert variant="light" color="teal" title="Your findings are submitted">
          You submitted on {formatDisplayDate(submitted.submitted_at)}. The assessment goes to review once
          every surveyor has submitted; until then you can read the findings but no longer change yours.
        </Alert>
      ) : null}
      <ActionsPanel
        assessment={assessment}
        access={access}
        store={store}
        onChanged={onChanged}
        survey={
          isSurvey ? { submit: survey.startSubmit, editSummary: () => survey.openSummary() } : undefined
        }
      />
      <SummaryPanel assessment={assessment} store={store} />
      {isSurvey ? (
        <SurveyorSummaryPanel
          summaries={survey.summaries}
          access={access}
          onOpen={(summary) => survey.openSummary(summary)}
        />
      ) : null}
      <IndicatorBrowser
        assessment={assessment}
        sets={sets}
        access={access}
        store={store}
        locks={locks}
        onDocumentsChanged={onChanged}
      />
      {survey.dialogs}
    </>
  );
}
