import {
  canEditSurveyorSummary,
  openNonConformities,
  summaryProblem,
  surveySubmitProblems,
  type TSurveySubmitIndicator,
  type TSurveySubmitProblem,
  type TSurveyVisitorForm,
  type TVisitType,
} from '@portal/domain';
import { useState } from 'react';
import { useMutation } from 'urql';
import { notifySuccess } from '../../../lib/notify.ts';
import {
  ACTION_FAILED,
  indicatorItems,
  type ResponseStore,
  type TAssessmentAccess,
  type TAssessmentData,
  useResponseSelector,
} from '../../assessments/index.ts';
import { SubmitSurveyAssessmentMutation } from '../api/submit-survey-assessment.ts';
import { SummaryModal } from '../components/summary-modal.tsx';
import { SurveySubmitForm } from '../components/survey-submit-form.tsx';
import { SurveyValidationModal, type TSubmitProblemItem } from '../components/survey-validation-modal.tsx';
import { type TSurveyorSummary, useSurveyorSummaries } from './use-surveyor-summaries.ts';

type TStep = { kind: 'form' } | { kind: 'validation'; problems: TSubmitProblemItem[] } | null;
type TSummaryDialog = {
  summary: TSurveyorSummary | null;
  required: boolean;
  alsoToFix?: TSubmitProblemItem[];
} | null;

const itemOf = (p: TSurveySubmitProblem, i: number): TSubmitProblemItem => ({
  key: `${p.kind}:${p.indicatorId ?? p.userId ?? 'summary'}:${i}`,
  indicatorId: p.indicatorId,
  own: summaryProblem([p]),
  text: p.code ? `${p.code}: ${p.message}` : p.message,
});

/**
 * The server's refusal (`extensions.fields`: `indicator.<id>`, `summary` (the user's own) or
 * `summary.<user id>` (another surveyor's)) as the modal's list.
 */
function problemsOfFields(fields: Record<string, string>): TSubmitProblemItem[] {
  return Object.entries(fields).flatMap(([key, text]): TSubmitProblemItem[] => {
    if (key === 'summary') return [{ key, indicatorId: null, own: true, text }];
    if (/^summary\.\d+$/.test(key)) return [{ key, indicatorId: null, text }];
    const match = /^indicator\.(\d+)$/.exec(key);
    return match ? [{ key, indicatorId: Number(match[1]), text }] : [];
  });
}

/** Every indicator of the assessment with the response the screen shows (unsaved edits included). */
function submitIndicators(assessment: TAssessmentData, store: ResponseStore): TSurveySubmitIndicator[] {
  return (assessment.survey_version?.indicator_sets ?? []).flatMap((set) =>
    set.indicators.map((indicator) => ({
      id: indicator.id,
      code: indicator.code,
      items: indicatorItems(indicator),
      response: store.shown(indicator.id),
    })),
  );
}

/** While the validation modal is open, its open non-conformities follow the store's outline. */
function useOutlineWhile(store: ResponseStore, open: boolean) {
  useResponseSelector(store, () => (open ? store.getOutlineVersion() : 0));
}

/** The other surveyors' live summaries the screen knows (a submitted visitor's missing one the server names). */
function otherLiveSummaries(summaries: readonly TSurveyorSummary[], userId: number) {
  return summaries
    .filter((s) => s.user_id !== userId)
    .map((s) => ({
      userId: s.user_id,
      name: s.user ? `${s.user.first_name} ${s.user.last_name}` : 'A surveyor',
      text: s.text,
    }));
}

/**
 * A survey visit's summaries and submission (spec 001 §5, 002 §2): the live summaries, the summary
 * modal, and Submit for review: the form, then the domain's `surveySubmitProblems` on what the
 * screen shows (every edit saved first); problems open 'Before you can submit', or, when the user's
 * own summary is missing or empty, the summary modal with its required message and the other
 * problems under it; the server's refusal shows the same.
 */
export function useSurveyDialogs({
  assessment,
  access,
  store,
  onChanged,
  onOpenIndicator,
}: {
  assessment: TAssessmentData;
  access: TAssessmentAccess;
  store: ResponseStore;
  onChanged(): void;
  onOpenIndicator(indicatorId: number): void;
}) {
  const survey = assessment.type === 'SURVEY_VISIT';
  const { summaries, serverSummaries } = useSurveyorSummaries(assessment.id, survey);
  const own = summaries.find((s) => s.user_id === access.userId) ?? null;
  const [summaryDialog, setSummaryDialog] = useState<TSummaryDialog>(null);
  const [step, setStep] = useState<TStep>(null);
  useOutlineWhile(store, step?.kind === 'validation');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitState, submit] = useMutation(SubmitSurveyAssessmentMutation);

  const indicators = () => submitIndicators(assessment, store);
  // Spec 001 §5: the user's own summary missing or empty opens its modal at once, listing the rest.
  const refuse = (problems: TSubmitProblemItem[]) => {
    if (problems.some((p) => p.own)) {
      setStep(null);
      setSummaryDialog({ summary: own, required: true, alsoToFix: problems.filter((p) => !p.own) });
    } else setStep({ kind: 'validation', problems });
  };

  const send = async (form: TSurveyVisitorForm) => {
    setServerErrors({});
    setFormError(null);
    await store.flushAll();
    const problems = surveySubmitProblems({
      visitType: (assessment.survey_visit?.type ?? 'ACCREDITATION') as TVisitType,
      indicators: indicators(),
      summary: own ? { text: own.text } : null,
      otherSummaries: otherLiveSummaries(summaries, access.userId),
    });
    if (problems.length > 0) {
      refuse(problems.map(itemOf));
      return;
    }
    const result = await submit({ assessmentId: assessment.id, ...form });
    if (result.error || !result.data) {
      const first = result.error?.graphQLErrors[0];
      const fields = (first?.extensions?.fields ?? {}) as Record<string, string>;
      const listed = problemsOfFields(fields);
      if (listed.length > 0) refuse(listed);
      else if (Object.keys(fields).length > 0) setServerErrors(fields);
      else setFormError(first?.message ?? ACTION_FAILED);
      onChanged();
      return;
    }
    notifySuccess(result.data.submitSurveyAssessment.message);
    setStep(null);
    onChanged();
  };

  const summaryEditable = (summary: TSurveyorSummary | null) =>
    canEditSurveyorSummary({ ...access, isAuthor: summary === null || summary.user_id === access.userId });

  return {
    summaries,
    openSummary(summary: TSurveyorSummary | null = own) {
      setSummaryDialog({ summary, required: false });
    },
    startSubmit() {
      setServerErrors({});
      setFormError(null);
      setStep({ kind: 'form' });
    },
    dialogs: (
      <>
        {step?.kind === 'form' ? (
          <SurveySubmitForm
            busy={submitState.fetching}
            serverErrors={serverErrors}
            formError={formError}
            onSubmit={(form) => void send(form)}
            onClose={() => setStep(null)}
          />
        ) : null}
        {step?.kind === 'validation' ? (
          <SurveyValidationModal
            problems={step.problems}
            openNonConformities={openNonConformities(indicators())}
            onOpenIndicator={(id) => {
              setStep(null);
              onOpenIndicator(id);
            }}
            onOpenSummary={() => {
              setStep(null);
              setSummaryDialog({ summary: own, required: true });
            }}
            onClose={() => setStep(null)}
          />
        ) : null}
        {summaryDialog ? (
          <SummaryModal
            assessmentId={assessment.id}
            summary={summaryDialog.summary}
            serverSummary={serverSummaries.find((s) => s.user_id === access.userId) ?? null}
            editable={summaryEditable(summaryDialog.summary)}
            required={summaryDialog.required}
            alsoToFix={summaryDialog.alsoToFix}
            onOpenIndicator={(id) => {
              setSummaryDialog(null);
              onOpenIndicator(id);
            }}
            onClose={() => setSummaryDialog(null)}
          />
        ) : null}
      </>
    ),
  };
}
