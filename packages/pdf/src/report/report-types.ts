/** What the assessment report shows: the data its loader gathers and its layout draws. */
import type { TAssessmentStatus, TAssessmentType, TIndicatorResponseFields } from '@portal/domain';

/** What the report calls an indicator nobody has answered (ours; the screen shows no answer). */
export const NOT_ANSWERED_LABEL = 'Not answered';

/** One checklist question of an indicator, with its items. */
export interface TReportChecklist {
  number: number;
  text: string;
  items: { number: number; text: string; mustHave: boolean }[];
}

export interface TReportIndicator {
  code: string;
  name: string;
  /** The live response (`BLANK_RESPONSE` when the indicator was never answered or is archived). */
  response: TIndicatorResponseFields;
  /** yyyy-MM-dd, when the non-conformity was closed. */
  dateClosed: string | null;
  commentCount: number;
  checklists: TReportChecklist[];
}

export interface TReportSet {
  code: string;
  name: string;
  indicators: TReportIndicator[];
}

/** The counts of the view `assessment_counts`. */
export interface TReportCounts {
  total: number;
  complete: number;
  mets: number;
  notMets: number;
  improvements: number;
  riskClosed: number;
  riskCritical: number;
  riskMajor: number;
  riskModerate: number;
  riskMinor: number;
}

/** Everything the assessment report shows. Dates are yyyy-MM-dd. */
export interface TAssessmentReport {
  practiceName: string;
  type: TAssessmentType;
  status: TAssessmentStatus;
  visitType: string | null;
  visitDate: string | null;
  surveyVersion: string | null;
  dueDate: string | null;
  lastUpdated: string;
  generatedOn: string;
  counts: TReportCounts;
  sets: TReportSet[];
  /** Only for a survey visit. */
  survey?: TReportSurvey | null;
}

/** A survey visit's own parts of the report: its times, team and surveyor summaries. */
export interface TReportSurvey {
  /** HH:mm. */
  startTime: string | null;
  endTime: string | null;
  /** The accepted surveyors, the lead first. */
  surveyors: { name: string; lead: boolean }[];
  /** The live surveyor summaries (general comments), oldest first. */
  summaries: { author: string; text: string }[];
}
