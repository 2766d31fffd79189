import {
  changePracticeWhere,
  formatDisplayDate,
  formatMonthLong,
  isPreferenceDaysDue,
  practiceDueButton,
  practiceFilterWhere,
  practiceListWhere,
  practiceRolesFrom,
  preferredDaysRoute,
  shouldRedirectToPayment,
  surveyConfirmationRoute,
  type TBackOfficeRole,
  type TPracticeViewer,
  viewerCanChangePractice,
} from '@portal/domain';
import type { ResultOf } from '../../../lib/graphql/graphql.ts';
import type { GetDashboardQuery } from '../api/get-dashboard.ts';

/** The dashboard's answer: one list per kind of due item, and the user's number of practices. */
export type TDashboard = ResultOf<typeof GetDashboardQuery>;

/** One thing the user has to do, with where to do it. */
export interface TDueItem {
  key: string;
  practiceId: number;
  practiceName: string;
  title: string;
  /** When it is due, as the spec shows it (dd/MM/yyyy, or MMMM yyyy for preference days). */
  when: string;
  /** The word before `when` (default "Due"; a survey visit is "On" its day). */
  whenLabel?: string;
  action: { label: string; to: string } | { label: string; payment: true };
  tone: 'red' | 'yellow' | 'blue' | 'orange' | 'green';
}

/**
 * The variables of the dashboard query: the list's own filters, one per kind of due item.
 * Renewals and payments are asked only of the practices the user may change (their PM, or a
 * QAM or admin on all), so a surveyor is not shown work they cannot do.
 */
export function dashboardVariables(userId: number, today: string, backOfficeRole: TBackOfficeRole | null) {
  const active = practiceListWhere({ search: '', filters: [], state: null, network: null }, today);
  const and = (...parts: Record<string, unknown>[]) => ({ _and: [active, ...parts] });
  return {
    userId,
    all: active,
    renewals: and(practiceFilterWhere('renewalDue', today), changePracticeWhere(userId, backOfficeRole)),
    selfAssessments: and(practiceFilterWhere('selfAssessmentDue', today)),
    preferredDays: and(practiceFilterWhere('preferenceDaysDue', today), {
      current_accreditation: { survey_visits: { survey_visitors: { user_id: { _eq: userId } } } },
    }),
    confirmations: and({
      current_accreditation: {
        survey_visits: { archived: { _eq: false }, confirmation_form_status: { _eq: 'SENT' } },
      },
    }),
    applicationPayments: and(
      { status: { _eq: 'PAYMENT_PENDING' } },
      changePracticeWhere(userId, backOfficeRole),
    ),
    // Final visits to come that the user accepted (the surveyor's booked survey visits).
    upcomingVisits: and({
      current_accreditation: {
        survey_visits: {
          archived: { _eq: false },
          status: { _eq: 'FINAL' },
          date: { _gte: today },
          survey_visitors: { user_id: { _eq: userId }, status: { _eq: 'ACCEPTED' } },
        },
      },
    }),
    today,
  };
}

/** The user on one practice of the answer: their own roles there and their back-office role. */
function viewerOn(
  practice: { practice_users: ReadonlyArray<{ role: string }> },
  backOfficeRole: TBackOfficeRole | null,
): TPracticeViewer {
  return { practiceRoles: practiceRolesFrom(practice.practice_users.map((pu) => pu.role)), backOfficeRole };
}

/**
 * The answer → the list of due items, most pressing kinds first, then by practice name. Payment
 * and renewal items need `practice.changePractice` (the practice list's due-button rule).
 */
export function dashboardDueItems(
  data: TDashboard,
  today: string,
  backOfficeRole: TBackOfficeRole | null,
): TDueItem[] {
  const items: TDueItem[] = [];
  for (const practice of data.applicationPayments) {
    if (!shouldRedirectToPayment(practice)) continue;
    if (!viewerCanChangePractice(viewerOn(practice, backOfficeRole))) continue;
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
      viewer: viewerOn(practice, backOfficeRole),
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
        action: { label: 'Set Availability', to: preferredDaysRoute(visit.id) },
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
      action: { label: 'Review visit', to: surveyConfirmationRoute(practice.organisation_id) },
      tone: 'yellow',
    });
  }
  for (const practice of data.upcomingVisits ?? []) {
    for (const visit of practice.current_accreditation?.survey_visits ?? []) {
      items.push({
        key: `survey-visit-${visit.id}`,
        practiceId: practice.organisation_id,
        practiceName: practice.organisation.name,
        title: 'Survey visit',
        when: formatDisplayDate(visit.date),
        whenLabel: 'On',
        action: {
          label: 'Open accreditation',
          to: `/PracticeOverview/${practice.organisation_id}/Accreditation`,
        },
        tone: 'green',
      });
    }
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
