import {
  formatDisplayDate,
  formatMonthLong,
  isPreferenceDaysDue,
  practiceDueButton,
  practiceFilterWhere,
  practiceListWhere,
  shouldRedirectToPayment,
} from '@portal/domain';
import type { TGetDashboardResult } from '../api/get-dashboard.ts';

/** One thing the user has to do, with where to do it. */
export interface TDueItem {
  key: string;
  practiceId: number;
  practiceName: string;
  title: string;
  /** When it is due, as the spec shows it (dd/MM/yyyy, or MMMM yyyy for preference days). */
  when: string;
  action: { label: string; to: string } | { label: string; payment: true };
  tone: 'red' | 'yellow' | 'blue' | 'orange';
}

/** The variables of the dashboard query: the list's own filters, one per kind of due item. */
export function dashboardVariables(userId: number, today: string) {
  const active = practiceListWhere({ search: '', filters: [], state: null, network: null }, today);
  const and = (...parts: Record<string, unknown>[]) => ({ _and: [active, ...parts] });
  return {
    userId,
    all: active,
    renewals: and(practiceFilterWhere('renewalDue', today)),
    selfAssessments: and(practiceFilterWhere('selfAssessmentDue', today)),
    preferredDays: and(practiceFilterWhere('preferenceDaysDue', today), {
      current_accreditation: { survey_visits: { survey_visitors: { user_id: { _eq: userId } } } },
    }),
    confirmations: and({
      current_accreditation: {
        survey_visits: { archived: { _eq: false }, confirmation_form_status: { _eq: 'SENT' } },
      },
    }),
    applicationPayments: and({ status: { _eq: 'PAYMENT_PENDING' } }),
  };
}

/** The answer → the list of due items, most pressing kinds first, then by practice name. */
export function dashboardDueItems(data: TGetDashboardResult, today: string): TDueItem[] {
  const items: TDueItem[] = [];
  for (const practice of data.applicationPayments) {
    if (!shouldRedirectToPayment(practice)) continue;
    items.push({
      key: `application-${practice.organisation_id}`,
      practiceId: practice.organisation_id,
      practiceName: practice.organisation.name,
      title: 'Application payment due',
      when: '',
      action: { label: 'Pay now', payment: true },
      tone: 'yellow',
    });
  }
  for (const practice of data.renewals) {
    const reapplication = practice.reapplications[0];
    const button = practiceDueButton({
      practiceId: practice.organisation_id,
      reapplicationStatus: reapplication?.status ?? null,
    });
    if (!button || button.kind === 'SET_AVAILABILITY') continue;
    items.push({
      key: `renewal-${practice.organisation_id}`,
      practiceId: practice.organisation_id,
      practiceName: practice.organisation.name,
      title: button.label,
      when: formatDisplayDate(reapplication?.due_date),
      action:
        button.kind === 'RENEWAL_DUE'
          ? { label: 'Start renewal', to: button.path }
          : { label: 'Pay now', payment: true },
      tone: button.kind === 'RENEWAL_DUE' ? 'orange' : 'yellow',
    });
  }
  for (const practice of data.preferredDays) {
    for (const visit of practice.current_accreditation?.survey_visits ?? []) {
      if (!isPreferenceDaysDue(visit, today)) continue;
      items.push({
        key: `preferred-days-${visit.id}`,
        practiceId: practice.organisation_id,
        practiceName: practice.organisation.name,
        title: 'Preference days due',
        when: formatMonthLong(visit.due),
        action: { label: 'Set Availability', to: `/SurveyVisits/${visit.id}/PreferredDays` },
        tone: 'blue',
      });
    }
  }
  for (const practice of data.confirmations) {
    if (!practice.current_accreditation?.survey_visits.length) continue;
    const visit = practice.current_accreditation.survey_visits[0];
    items.push({
      key: `confirmation-${practice.organisation_id}`,
      practiceId: practice.organisation_id,
      practiceName: practice.organisation.name,
      title: 'Survey confirmation due',
      when: formatDisplayDate(visit?.date ?? visit?.due),
      action: { label: 'Review visit', to: `/Practice/SurveyConfirmation/${practice.organisation_id}` },
      tone: 'yellow',
    });
  }
  for (const practice of data.selfAssessments) {
    items.push({
      key: `self-assessment-${practice.organisation_id}`,
      practiceId: practice.organisation_id,
      practiceName: practice.organisation.name,
      title: 'Self assessment due',
      when: formatDisplayDate(practice.current_accreditation?.self_assessment_due),
      action: {
        label: 'Open accreditation',
        to: `/PracticeOverview/${practice.organisation_id}/Accreditation`,
      },
      tone: 'blue',
    });
  }
  return items;
}
