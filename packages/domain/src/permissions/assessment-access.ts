import type { TPermissionFlags } from './permission-flags.ts';

/** Assessment statuses (spec 001 §4), in their order. */
export const ASSESSMENT_STATUSES = [
  'IN_PROGRESS',
  'PARTIALLY_SUBMITTED',
  'UNDER_REVIEW',
  'COMPLETED',
  'ACTION_REQUIRED',
  'APPROVED',
  'CERTIFIED',
] as const;
export type TAssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];

/** PRESURVEY = self assessment; SURVEY_VISIT = survey visit assessment. */
export const ASSESSMENT_TYPES = ['PRESURVEY', 'SURVEY_VISIT'] as const;
export type TAssessmentType = (typeof ASSESSMENT_TYPES)[number];

/** Statuses each type can reach (spec 001 §4; the database enforces the same). */
export const STATUSES_OF_TYPE: Readonly<Record<TAssessmentType, readonly TAssessmentStatus[]>> = {
  PRESURVEY: ['IN_PROGRESS', 'UNDER_REVIEW', 'COMPLETED'],
  SURVEY_VISIT: [
    'IN_PROGRESS',
    'PARTIALLY_SUBMITTED',
    'UNDER_REVIEW',
    'ACTION_REQUIRED',
    'APPROVED',
    'CERTIFIED',
  ],
};

/** What the access rules of one assessment depend on. */
export interface TAssessmentAccessContext {
  type: TAssessmentType;
  status: TAssessmentStatus;
  /** The user's flags for this assessment (`derivePermissionFlags(access, {surveyVisitId})`). */
  flags: TPermissionFlags;
  /** This user has already submitted this assessment (a row in assessment_submissions). */
  hasSubmitted: boolean;
  /**
   * Moved to a newer edition (`moved_to_assessment_id` set): kept whole and read-only, its answers
   * go on in its copy (docs/decisions/editions.md, "Moving a practice"). Nobody changes it.
   */
  moved?: boolean;
}

/**
 * Spec 001 §6 "a user may change an assessment" (comments, discussion). The table's "anyone" and
 * "yes" are read as "whoever may change the practice's own records" (`practice.changePractice`):
 * a surveyor stays read-only outside their survey visits.
 */
export function canChangeAssessment({ type, status, flags, moved }: TAssessmentAccessContext): boolean {
  if (moved) return false;
  const a = flags.assessment;
  if (type === 'PRESURVEY') {
    switch (status) {
      case 'IN_PROGRESS':
      case 'COMPLETED':
        return flags.practice.changePractice;
      case 'UNDER_REVIEW':
        return a.changeSelfAssessmentUnderReview;
      default:
        return false;
    }
  }
  switch (status) {
    case 'IN_PROGRESS':
      return a.changeSurveyInProgress;
    case 'PARTIALLY_SUBMITTED':
      return a.changeSurveyInProgress || a.changeOtherSurveyorSummary;
    case 'UNDER_REVIEW':
      return a.changeSurveyUnderReview;
    case 'ACTION_REQUIRED':
      return a.changeActionPlan;
    case 'APPROVED':
      return a.certifySurvey;
    case 'CERTIFIED':
      return flags.practice.changePractice;
    default:
      return false;
  }
}

/**
 * May the user change the assessment's inputs (its indicator responses)? The assessment rule,
 * narrowed: a self assessment's inputs in COMPLETED need `changeSelfAssessmentComplete`; a survey
 * visit in progress needs `changeSurveyInProgress` and that this user has not submitted yet; in
 * ACTION_REQUIRED the holders of `changeActionPlan` (spec 001 §6); a certified survey's findings
 * are changed only through Reopen.
 */
export function canChangeAssessmentInputs(context: TAssessmentAccessContext): boolean {
  const { type, status, flags, hasSubmitted } = context;
  if (context.moved) return false;
  const a = flags.assessment;
  if (type === 'PRESURVEY') {
    if (status === 'COMPLETED') return a.changeSelfAssessmentComplete;
    return canChangeAssessment(context);
  }
  switch (status) {
    case 'IN_PROGRESS':
    case 'PARTIALLY_SUBMITTED':
      return a.changeSurveyInProgress && !hasSubmitted;
    case 'ACTION_REQUIRED':
      return a.changeActionPlan;
    case 'CERTIFIED':
      return false;
    default:
      return canChangeAssessment(context);
  }
}

/**
 * Spec 001 §6: the assessment is locked (not openable; the user is sent back to the
 * Accreditation route) when its status needs a flag the user lacks.
 */
export function isAssessmentLocked({
  type,
  status,
  flags,
}: Omit<TAssessmentAccessContext, 'hasSubmitted'>): boolean {
  const a = flags.assessment;
  if (type === 'PRESURVEY') return status === 'UNDER_REVIEW' && !a.changeSelfAssessmentUnderReview;
  if (status === 'UNDER_REVIEW') return !a.viewSurveyUnderReview;
  if (status === 'IN_PROGRESS' || status === 'PARTIALLY_SUBMITTED') return !a.changeSurveyInProgress;
  return false;
}

/**
 * May the user write this surveyor summary (general comment)? Only its author or a holder of
 * `changeOtherSurveyorSummary` (spec 001 §5), while the visit is being surveyed (authors until
 * they submit), under review (back office), or in ACTION_REQUIRED (with `changeActionPlan`).
 */
export function canEditSurveyorSummary(
  context: Omit<TAssessmentAccessContext, 'type'> & { isAuthor: boolean },
): boolean {
  const { status, flags, hasSubmitted, isAuthor } = context;
  const a = flags.assessment;
  const mayTouch = isAuthor || a.changeOtherSurveyorSummary;
  switch (status) {
    case 'IN_PROGRESS':
    case 'PARTIALLY_SUBMITTED':
      return (isAuthor && a.changeSurveyInProgress && !hasSubmitted) || a.changeOtherSurveyorSummary;
    case 'UNDER_REVIEW':
      return a.changeOtherSurveyorSummary;
    case 'ACTION_REQUIRED':
      return mayTouch && a.changeActionPlan;
    default:
      return false;
  }
}

/** May the user open or close a non-conformity or an action plan activity (spec 001 §4, §6)? */
export function canChangeActionPlan({ type, status, flags }: Omit<TAssessmentAccessContext, 'hasSubmitted'>) {
  return type === 'SURVEY_VISIT' && status === 'ACTION_REQUIRED' && flags.assessment.changeActionPlan;
}

/**
 * May the user set a response's non-conformity status (OPEN or CLOSED)? The action plan's holders
 * while action is required (`canChangeActionPlan`), and a reviewer (`changeSurveyUnderReview`:
 * the back office) wherever they may change the inputs. Nobody else: for role `user` the trigger
 * indicator_responses_guard refuses it, and the server stamps `date_closed`.
 */
export function canChangeNonConformityStatus(context: TAssessmentAccessContext): boolean {
  return (
    canChangeActionPlan(context) ||
    (context.flags.assessment.changeSurveyUnderReview && canChangeAssessmentInputs(context))
  );
}

/**
 * May the user write the assessment's responses at all (the row rule of `indicator_responses` and
 * of indicator locks)? Their inputs (`canChangeAssessmentInputs`), or, while action is required,
 * the non-conformity status (`canChangeActionPlan`); the trigger indicator_responses_guard keeps
 * opening, closing and referring a non-conformity to the action plan's holders.
 */
export function canWriteAssessmentResponses(context: TAssessmentAccessContext): boolean {
  return canChangeAssessmentInputs(context) || canChangeActionPlan(context);
}

/** May the user add an activity to a survey's action plan? */
export function canAddActionPlanActivity({
  type,
  status,
  flags,
}: Omit<TAssessmentAccessContext, 'hasSubmitted'>): boolean {
  return (
    type === 'SURVEY_VISIT' &&
    status === 'ACTION_REQUIRED' &&
    flags.indicatorResponse.addActivityToSurveyActionPlan
  );
}

/**
 * May the user read the assessment's responses, summaries and counts? A survey visit's findings
 * exactly when it is not locked for the user (the practice sees them once reviewed); a self
 * assessment always: they are the practice's own answers, and its lock under review is a screen
 * rule only.
 */
export function canReadAssessmentResponses(context: Omit<TAssessmentAccessContext, 'hasSubmitted'>): boolean {
  return context.type === 'PRESURVEY' || !isAssessmentLocked(context);
}

/**
 * May the user read the assessment's findings (responses, comments, summaries, counts, locks and
 * activities)? Whoever may read its responses (`canReadAssessmentResponses`), but while a survey
 * visit is IN_PROGRESS only once they have signed its confidentiality agreement (spec 001 §4:
 * nothing of the findings before signing) — except a reviewer (`changeSurveyUnderReview`: the back
 * office), who holds every survey to review it. The database asks the same rule
 * (`can_read_assessment_findings`) in every assessment table's select permission.
 */
export function canReadAssessmentFindings(
  context: Omit<TAssessmentAccessContext, 'hasSubmitted'> & { hasSigned: boolean },
): boolean {
  if (!canReadAssessmentResponses(context)) return false;
  if (context.type === 'PRESURVEY' || context.status !== 'IN_PROGRESS') return true;
  return context.hasSigned || context.flags.assessment.changeSurveyUnderReview;
}

/**
 * Has the user signed the confidentiality agreement where it is asked (spec 001 §4: a survey visit
 * IN_PROGRESS), whoever they are? The back office too: it reads every survey to review it, but it
 * writes to one in progress only once signed, as the screen asks of everyone who opens it.
 */
function signedWhereAsked(context: { type: TAssessmentType; status: TAssessmentStatus; hasSigned: boolean }) {
  return context.type === 'PRESURVEY' || context.status !== 'IN_PROGRESS' || context.hasSigned;
}

/**
 * May the user write the assessment's responses and take its indicator locks? Whoever may write
 * them (`canWriteAssessmentResponses`) and may read them (`canReadAssessmentFindings`), and has
 * signed the confidentiality agreement of a survey in progress (everyone, the back office too: spec
 * 001 §4). The database's twin is `can_write_assessment_findings`, behind the computed field
 * `can_write_responses`.
 */
export function canWriteAssessmentFindings(
  context: TAssessmentAccessContext & { hasSigned: boolean },
): boolean {
  return (
    canWriteAssessmentResponses(context) && canReadAssessmentFindings(context) && signedWhereAsked(context)
  );
}

/**
 * May the user write comments on the assessment's indicators (add one, edit or archive their
 * own)? Whoever may change the assessment (`canChangeAssessment`) and may read its findings
 * (`canReadAssessmentFindings`) and has signed the confidentiality agreement of a survey in
 * progress (the back office too). The database's twin is
 * `can_write_assessment_comments`, behind the computed field `can_change` of the comments' rules.
 */
export function canWriteAssessmentComments(
  context: TAssessmentAccessContext & { hasSigned: boolean },
): boolean {
  return canChangeAssessment(context) && canReadAssessmentFindings(context) && signedWhereAsked(context);
}

/**
 * May the user write this surveyor summary (a new one of their own, or an edit)? Whoever may edit
 * it (`canEditSurveyorSummary`) and may read the survey's findings (`canReadAssessmentFindings`):
 * no summary before signing the confidentiality agreement of a survey in progress (the back office
 * too). The database's
 * twin is `can_write_surveyor_summary`, behind the computed fields `can_write_own_summary` and
 * `general_comments.can_edit`.
 */
export function canWriteSurveyorSummary(
  context: TAssessmentAccessContext & { isAuthor: boolean; hasSigned: boolean },
): boolean {
  return (
    context.type === 'SURVEY_VISIT' &&
    canEditSurveyorSummary(context) &&
    canReadAssessmentFindings(context) &&
    signedWhereAsked(context)
  );
}
