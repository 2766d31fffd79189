import {
  isMetProposed,
  resolveSurveyTransition,
  SURVEY_CONFIRMATIONS,
  surveyComplianceTransition,
  surveyRiskTransition,
  type TRiskLevel,
  type TSurveyComplianceEvent,
  type TSurveyTransition,
} from '@portal/domain';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import {
  indicatorItems,
  type ResponseStore,
  type TAssessmentData,
  type TIndicator,
} from '../../assessments/index.ts';

/**
 * A survey indicator's ticks, compliance radios and risk levels, decided by the domain
 * (`surveyComplianceTransition`, `surveyRiskTransition`): what needs no confirmation goes to the
 * store at once; what does waits in the confirmation modal, and Cancel leaves everything as it was.
 */
export function useSurveyTransitions(
  assessment: TAssessmentData,
  indicator: TIndicator,
  store: ResponseStore,
) {
  const [pending, setPending] = useState<TSurveyTransition | null>(null);
  const apply = (transition: TSurveyTransition) => {
    if (transition.confirm) setPending(transition);
    else store.edit(indicator.id, transition.edit);
  };
  const answer = (confirmed: boolean) => {
    if (pending) store.edit(indicator.id, resolveSurveyTransition(pending, confirmed));
    setPending(null);
  };
  const words = pending?.confirm ? SURVEY_CONFIRMATIONS[pending.confirm] : null;
  return {
    /** Every must-have ticked and no compliance yet (copied ticks): Met waits for Confirm Met. */
    metProposed: isMetProposed(store.shown(indicator.id), indicatorItems(indicator)),
    compliance(event: TSurveyComplianceEvent) {
      apply(surveyComplianceTransition(store.shown(indicator.id), indicatorItems(indicator), event));
    },
    risk(change: { risk_likelihood: TRiskLevel | null } | { risk_impact: TRiskLevel | null }) {
      apply(surveyRiskTransition(store.shown(indicator.id), assessment.status, change));
    },
    confirmation: (
      <ConfirmModal
        opened={words !== null}
        title={words?.title ?? ''}
        confirmLabel={words?.confirmLabel ?? ''}
        confirmColor={pending?.confirm === 'critical' ? 'red' : undefined}
        busy={false}
        onConfirm={() => answer(true)}
        onClose={() => answer(false)}
      >
        {words?.body}
      </ConfirmModal>
    ),
  };
}
