/**
 * The surveyor's queue ('Survey work'): offers to answer, preferred days due, upcoming visits
 * (with the assessment they may keep offline), agreements to sign, ratings and summaries.
 */

import { actionPlanDaysLeft } from '../assessments/action-plan.ts';
import { needsConfidentialityAgreement } from '../assessments/survey-agreement.ts';
import { formatDisplayDate, formatMonthLong } from '../constants/dates.ts';
import type { TAssessmentStatus, TAssessmentType } from '../permissions/assessment-access.ts';
import { assessmentButtons } from '../permissions/assessment-buttons.ts';
import { derivePermissionFlags } from '../permissions/permission-flags.ts';
import {
  accreditationPath,
  assessmentPath,
  preferredDaysRoute,
  SURVEY_OFFERS_PATH,
} from '../routes/app-routes.ts';
import { preferredDaysLock } from '../survey-visits/survey-offers.ts';
import { byUrgency, type TQueueItem, type TWorkQueue, WORK_QUEUES } from './work-queues.ts';

export interface TSurveyorQueueVisitor {
  id: number;
  status: string;
  practice_name: string | null;
  survey_visit: {
    id: number;
    status: string;
    type: string;
    due: string | null;
    date: string | null;
    archived: boolean;
    /** Null when the surveyor may not read the accreditation (no role on the practice). */
    accreditation: { practice_id: number } | null;
    /** The surveyor's own preferred days stated for the visit (only whether there is one). */
    preferred_days: ReadonlyArray<{ id: number }>;
    /** The visit's survey assessment(s), with the surveyor's own signature, submission, summary. */
    assessments: ReadonlyArray<{
      id: number;
      type: string;
      status: string;
      confidentiality_signs: ReadonlyArray<{ id: number }>;
      assessment_submissions: ReadonlyArray<{ id: number }>;
      general_comments: ReadonlyArray<{ id: number }>;
    }>;
  } | null;
}

/** The GraphQL filter of the surveyor's visits: their own offers not declined, of visits not archived. */
export function surveyorQueueWhere(userId: number) {
  return {
    user_id: { _eq: userId },
    status: { _in: ['OFFERED' as const, 'ACCEPTED' as const] },
    survey_visit: { archived: { _eq: false } },
  };
}

/**
 * Which assessment of an upcoming visit its surveyor may keep on the device for the visit day
 * ('Make available offline', docs/decisions/offline.md): the visit's survey visit assessment once
 * its findings are readable to them, i.e. the confidentiality agreement is signed or no longer
 * asked for (before that the copy would hold nothing they may read, and signing needs a
 * connection); null if none.
 */
export function offlineAssessmentOfVisit(
  assessments: ReadonlyArray<{
    id: number;
    type: string;
    status: string;
    confidentiality_signs: ReadonlyArray<unknown>;
  }>,
): number | null {
  const survey = assessments.find((assessment) => assessment.type === 'SURVEY_VISIT');
  if (!survey) return null;
  const unreadable = needsConfidentialityAgreement({
    type: survey.type as TAssessmentType,
    status: survey.status as TAssessmentStatus,
    hasSigned: survey.confidentiality_signs.length > 0,
  });
  return unreadable ? null : survey.id;
}

/** The surveyor's work: offers, preferred days, upcoming visits, agreements, ratings, summaries. */
export function surveyorQueue(visitors: readonly TSurveyorQueueVisitor[], today: string): TWorkQueue {
  const items: TQueueItem[] = [];
  for (const visitor of visitors) {
    const visit = visitor.survey_visit;
    if (!visit || visit.archived) continue;
    const practiceId = visit.accreditation?.practice_id ?? null;
    const base = { practiceId, practiceName: visitor.practice_name ?? 'A practice' };
    const dueIn = visit.due ? actionPlanDaysLeft(visit.due, today) : null;

    if (visitor.status === 'OFFERED' && visit.status !== 'FINAL') {
      items.push({
        ...base,
        key: `offer-${visitor.id}`,
        what: 'Offer to answer',
        detail: '',
        when: visit.due ? `Visit due ${formatMonthLong(visit.due)}` : '',
        daysLeft: dueIn,
        action: { label: 'Answer offer', to: SURVEY_OFFERS_PATH },
        tone: 'blue',
      });
    }
    if (preferredDaysLock(visit, visitor.status, today) === null && visit.preferred_days.length === 0) {
      items.push({
        ...base,
        key: `preferred-days-${visit.id}`,
        what: 'Preferred days due',
        detail: '',
        when: `Due ${formatMonthLong(visit.due)}`,
        daysLeft: dueIn,
        action: { label: 'Set Availability', to: preferredDaysRoute(visit.id) },
        tone: 'blue',
      });
    }
    if (visitor.status !== 'ACCEPTED') continue;
    if (visit.status === 'FINAL' && visit.date && visit.date >= today) {
      const daysLeft = actionPlanDaysLeft(visit.date, today);
      const offlineAssessmentId = practiceId === null ? null : offlineAssessmentOfVisit(visit.assessments);
      items.push({
        ...(offlineAssessmentId === null ? {} : { offlineAssessmentId }),
        ...base,
        key: `visit-${visit.id}`,
        what: 'Upcoming visit',
        detail: '',
        when: `On ${formatDisplayDate(visit.date)}`,
        daysLeft,
        action: practiceId
          ? { label: 'Open accreditation', to: accreditationPath(practiceId) }
          : { label: 'Open offers', to: SURVEY_OFFERS_PATH },
        tone: 'green',
      });
    }
    if (practiceId === null) continue;
    // An accepted visitor of a final visit is a surveyor (SU) of the practice: finalising adds the role.
    const flags = derivePermissionFlags(
      { practiceRoles: ['SU'], backOfficeRole: null, visitorOnSurveyVisitIds: [visit.id] },
      { surveyVisitId: visit.id },
    );
    for (const assessment of visit.assessments) {
      if (assessment.type !== 'SURVEY_VISIT') continue;
      const context = {
        type: assessment.type as TAssessmentType,
        status: assessment.status as TAssessmentStatus,
        flags,
        hasSubmitted: assessment.assessment_submissions.length > 0,
      };
      const to = assessmentPath(practiceId, assessment.id);
      const item = { ...base, detail: '', when: '', daysLeft: null };
      if (
        needsConfidentialityAgreement({ ...context, hasSigned: assessment.confidentiality_signs.length > 0 })
      ) {
        items.push({
          ...item,
          key: `agreement-${assessment.id}`,
          what: 'Agreement to sign',
          action: { label: 'Sign agreement', to },
          tone: 'orange',
        });
        continue;
      }
      const buttons = assessmentButtons({ ...context, isSurveyVisitor: true, bulkToolsEnabled: false });
      if (buttons.submitForReview) {
        items.push({
          ...item,
          key: `rate-${assessment.id}`,
          what: 'Assessment to rate and submit',
          action: { label: 'Open assessment', to },
          tone: 'blue',
        });
      }
      if (buttons.editSummary && assessment.general_comments.length === 0) {
        items.push({
          ...item,
          key: `summary-${assessment.id}`,
          what: 'Summary missing',
          action: { label: 'Write summary', to },
          tone: 'yellow',
        });
      }
    }
  }
  items.sort(byUrgency);
  return { key: 'surveyor', ...WORK_QUEUES.surveyor, count: items.length, items };
}
