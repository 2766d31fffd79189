import {
  ACTIVITY_DESCRIPTION_MAX_LENGTH,
  ACTIVITY_RESPONSIBLE_MAX_LENGTH,
  ASSISTANCE_REQUEST_MAX_LENGTH,
  ASSISTANCE_REQUESTS_PER_HOUR,
} from '../constants/assessments.ts';
import { RECORD_DATE_RANGE_MESSAGE } from '../constants/dates.ts';
import { SUPPORT_PHONE } from '../constants/messages.ts';
import { DOCUMENT_MESSAGES } from '../documents/document-messages.ts';

/**
 * What users read on the Accreditation tab and the assessment screen: the spec's own words
 * (spec 001 §2, §5, §8; 002 §8) where it gives them, ours (marked) where it is silent.
 */
export const ASSESSMENT_MESSAGES = {
  noAssessments: 'No Assessments available',
  noIndicators: 'Sorry, no indicators found.',
  indicatorUpdateFailed: 'Indicator update failed',
  commentUpdateFailed: 'Comment update failed',
  bulkUpdateFailed: 'Failed updating all indicators',
  indicatorFileDeleted: DOCUMENT_MESSAGES.indicatorFileDeleted,
  indicatorFileDeleteFailed: DOCUMENT_MESSAGES.indicatorFileDeleteFailed,
  startStep: 'Step 3',
  startButton: 'Start Self Assessment',
  commenceHeading: 'Commence the Self Assessment',
  reviewSurveyorHeading: 'Review Surveyor Assessment',
  // Ours from here.
  startIntro:
    'Rate your practice against every indicator of the standards: tick what your practice has in place, mark each indicator complete or not applicable, and note opportunities for improvement. Your answers save as you go.',
  noSelfAssessment: 'This practice has no accreditation cycle to start a self assessment for yet.',
  submitted: 'Your self assessment has been submitted for review.',
  alreadySubmitted: 'This self assessment has already been submitted. It can be submitted only once.',
  completed: 'The self assessment is complete.',
  notUnderReview: 'This self assessment is not under review, so it cannot be completed.',
  reopened: 'The assessment has been reopened.',
  bulkDone: 'All indicators have been updated.',
  /** Ours: a bulk tool on an IN_PROGRESS survey by someone who has not signed (spec 001 §4). */
  agreementFirst: 'Sign the confidentiality agreement before you change this assessment.',
  noSuchAssessment: 'There is no such assessment.',
  notAllowed: 'You cannot change this assessment in its current status.',
  selfAssessmentOnly: 'This can be done on a self assessment only.',
  notReopenable: 'Only a submitted assessment can be reopened.',
  /** Reopen pressed on a screen that no longer shows the assessment's status (another tab, a second press). */
  reopenedMeanwhile:
    'This assessment changed meanwhile, so nothing was reopened. Look at it again before reopening it.',
  lockedRow: {
    selfUnderReview: 'This self assessment is under review by your accreditation provider.',
    surveyUnderReview: 'This survey visit is being reviewed and cannot be opened yet.',
    surveyInProgress: 'This survey visit is being carried out by the surveyors and cannot be opened yet.',
  },
  assistanceSent: 'Your request has been sent. Your quality accreditation manager will be in touch.',
  assistanceEmpty: 'Please tell us what you need help with.',
  assistanceTooLong: `Please keep your request to ${ASSISTANCE_REQUEST_MAX_LENGTH.toLocaleString('en-AU')} characters or fewer.`,
  /** Ours: more than ASSISTANCE_REQUESTS_PER_HOUR requests in the last hour. */
  assistanceTooMany: `You have sent ${ASSISTANCE_REQUESTS_PER_HOUR} requests for assistance in the last hour. Please wait before sending another, or call ${SUPPORT_PHONE}.`,
  editingBy: (name: string) => `${name} is editing this indicator`,
  unsavedChanges: 'You have changes that are still being saved. Leave anyway?',
} as const;

/**
 * What users read about 'Action required' and the action plan. The spec's rule (001 §5:
 * every indicator marked Not met must have an action plan entered); the words are ours.
 */
export const ACTION_PLAN_MESSAGES = {
  actionRequiredTitle: 'Action required',
  /** What the confirm modal says happens (`days`: ACTION_PLAN_BUSINESS_DAYS). */
  actionRequiredIntro: (days: number) =>
    `The practice is given an action plan: for every indicator marked Not met it must carry out the action entered, within ${days} business days (weekends and national public holidays are not counted). The practice managers and the nominated accreditation contact are e-mailed.`,
  missingPlansHeading: 'These Not met indicators have no action plan yet:',
  /** The action's refusal, naming the indicators' codes. */
  missingPlans: (codes: readonly string[]) =>
    `Every indicator marked Not met must have an action plan entered before action is required. Missing: ${codes.join(', ')}.`,
  notUnderReview: 'Action can be required only of a survey visit under review.',
  surveyOnly: 'An action plan is created for a survey visit only.',
  created: (due: string) => `The action plan has been created. It is due on ${due}.`,
  actionPlanLabel: 'Action plan',
  actionPlanDescription: 'What the practice must do to close this non-conformity.',
  activitiesHeading: 'Activities',
  noActivities: 'No activities yet.',
  addActivity: 'Add activity',
  activityAdded: 'The activity has been added.',
  activityFailed: 'The activity could not be saved. Please try again.',
  descriptionRequired: 'Describe the activity.',
  descriptionTooLong: `Please keep the description to ${ACTIVITY_DESCRIPTION_MAX_LENGTH.toLocaleString('en-AU')} characters or fewer.`,
  responsibleTooLong: `Please keep the name to ${ACTIVITY_RESPONSIBLE_MAX_LENGTH} characters or fewer.`,
  dueDateInvalid: 'Enter a date.',
  dueDateOutOfRange: RECORD_DATE_RANGE_MESSAGE,
  nonConformityStatusLabel: 'Non-conformity status',
  referToCaLabel: 'Refer to CA',
  closedOn: (date: string) => `Closed on ${date}`,
  editSummary: 'Edit Summary',
  readMore: 'Read more',
  showLess: 'Show less',
} as const;
