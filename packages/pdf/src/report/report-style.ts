/** The assessment report's shared words, tones, text styles and measures. */
import {
  COMPLIANCE_LABELS,
  formatDisplayDate,
  selfAssessmentChoiceOf,
  type TAssessmentType,
  type TCompliance,
  type TIndicatorResponseFields,
  type TRiskRating,
} from '@portal/domain';
import { PDF_COLORS, PDF_TEXT, PDF_TONES, type PdfTextStyle, type PdfTone } from '../kit/index.ts';
import { NOT_ANSWERED_LABEL } from './report-types.ts';

export type TAnswer = TCompliance | null;

/** The answer an indicator shows: a self assessment's choice, a survey's compliance. */
export function answerOf(type: TAssessmentType, response: TIndicatorResponseFields): TAnswer {
  return type === 'PRESURVEY' ? selfAssessmentChoiceOf(response) : response.compliance;
}

export const answerLabel = (answer: TAnswer) => (answer ? COMPLIANCE_LABELS[answer] : NOT_ANSWERED_LABEL);

export const ANSWER_TONES: Record<TCompliance | 'NONE', PdfTone> = {
  MET: PDF_TONES.success,
  COMPLETE: PDF_TONES.success,
  NOT_MET: PDF_TONES.danger,
  NOT_APPLICABLE: PDF_TONES.neutral,
  NONE: PDF_TONES.outline,
};

export const RISK_TONES: Record<TRiskRating, PdfTone> = {
  CRITICAL: PDF_TONES.danger,
  HIGH: PDF_TONES.warning,
  MODERATE: PDF_TONES.warning,
  LOW: PDF_TONES.neutral,
};

/** The answer columns of the summary table, in order, per type. */
export const ANSWER_COLUMNS: Record<TAssessmentType, TAnswer[]> = {
  PRESURVEY: ['COMPLETE', 'NOT_APPLICABLE', null],
  SURVEY_VISIT: ['MET', 'NOT_MET', 'NOT_APPLICABLE', null],
};

export const STYLE = {
  ...PDF_TEXT,
  tableHead: { size: 7, font: 'bold', color: PDF_COLORS.brandDark },
  tableCell: { size: 8.5, color: PDF_COLORS.text },
  tableCode: { size: 8.5, font: 'bold', color: PDF_COLORS.brandDark },
  setCode: { size: 11, font: 'bold', color: PDF_COLORS.brandDark, leading: 1.25 },
  setName: { size: 11, font: 'bold', color: PDF_COLORS.ink, leading: 1.25 },
  setNote: { size: 8, color: PDF_COLORS.brandDark },
  code: { size: 9.5, font: 'bold', color: PDF_COLORS.brand, leading: 1.3 },
  name: { size: 9.5, font: 'bold', color: PDF_COLORS.ink, leading: 1.3 },
  question: { size: 8.5, font: 'bold', color: PDF_COLORS.ink, leading: 1.3 },
  item: { size: 8.5, color: PDF_COLORS.text, leading: 1.3 },
  label: { size: 7, font: 'bold', color: PDF_COLORS.muted },
  body: { size: 8.5, color: PDF_COLORS.text, leading: 1.35 },
  note: { size: 8, color: PDF_COLORS.muted },
  comments: { size: 7.5, color: PDF_COLORS.faint },
  warning: { size: 8, font: 'italic', color: PDF_COLORS.warning },
  continued: { size: 8, font: 'italic', color: PDF_COLORS.faint },
  badge: { size: 7, font: 'bold' },
  tag: { size: 6.5, font: 'bold' },
} satisfies Record<string, PdfTextStyle>;

/** Where an indicator's code and its body start, from the left margin. */
export const CODE_INSET = 4;
export const BODY_INSET = 62;
/** How far checklist items sit in from their question. */
export const ITEM_INSET = 14;
/** Tick box size. */
export const BOX = 7.5;
export const MUST_HAVE = 'must-have';

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
export const shownDate = (wire: string | null) => formatDisplayDate(wire) || '\u2014';
export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
