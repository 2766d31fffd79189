/** The assessment report's document: its pages, running header and footer, and the order of its parts. */
import { assessmentTypeLabel, formatDisplayDate, PRODUCT_NAME } from '@portal/domain';
import {
  defineBadgeStamp,
  defineCheckboxStamps,
  drawPageFooter,
  drawRunningHeader,
  PDF_TONES,
  PdfFlow,
} from '../kit/index.ts';
import { IndicatorWriter } from './report-indicators.ts';
import { drawReportHeader, drawReportSummary, drawSetTable } from './report-overview.ts';
import { BOX, MUST_HAVE, STYLE } from './report-style.ts';
import { drawRiskSummary, drawSurveyorSummaries, drawSurveyVisit } from './report-survey.ts';
import type { TAssessmentReport } from './report-types.ts';

/**
 * The assessment report (spec 001 §7 generate_assessment_report): the practice and assessment
 * header with its counts, a summary per indicator set, then every set and indicator in order with
 * its answer, checklist ticks (must-have items marked), observation, non-compliance and risk for
 * a survey's Not met, the reviewer's flags and the number of comments. A4, a running header from
 * page 2, "Page n of N" and the generation date in every footer; built in one pass.
 */
export async function renderAssessmentReport(report: TAssessmentReport): Promise<Uint8Array> {
  const typeLabel = assessmentTypeLabel(report.type, report.visitType);
  const title = `${typeLabel} report`;
  const flow = await PdfFlow.create({
    title: `${report.practiceName}: ${title}`,
    subject: `${typeLabel} of ${report.practiceName}`,
    author: PRODUCT_NAME,
    margins: { top: 64, bottom: 56, left: 48, right: 48 },
    onNewPage: (f, pageNumber) => {
      if (pageNumber > 1) drawRunningHeader(f, { left: report.practiceName, right: title });
    },
  });
  await defineCheckboxStamps(flow, BOX);
  const tag = await defineBadgeStamp(flow, MUST_HAVE, 'MUST HAVE', PDF_TONES.danger, STYLE.tag);

  drawReportHeader(flow, report, typeLabel);
  drawReportSummary(flow, report);
  if (report.survey) {
    drawSurveyVisit(flow, report, report.survey);
    drawRiskSummary(flow, report);
    drawSurveyorSummaries(flow, report.survey);
  }
  drawSetTable(flow, report);
  new IndicatorWriter(flow, report, tag).indicators();

  const generated = `Generated on ${formatDisplayDate(report.generatedOn)} by ${PRODUCT_NAME}`;
  return flow.save((page, pageNumber, pageCount) =>
    drawPageFooter(flow, page, { left: `${generated} \u00b7 ${title}`, pageNumber, pageCount }),
  );
}
