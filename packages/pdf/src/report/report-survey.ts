/** The survey visit's parts of the assessment report: the visit, the risk summary, the surveyor summaries. */
import {
  assessmentTypeLabel,
  COMPLIANCE_LABELS,
  countCompliance,
  formatDisplayDate,
  formatTimeOfDay,
  RISK_RATING_LABELS,
  RISK_RATINGS,
  summariseNonConformities,
} from '@portal/domain';
import { PDF_COLORS, PDF_TEXT, type PdfFlow, type PdfTextStyle, roundedRect } from '../kit/index.ts';
import { NOT_ANSWERED_LABEL, type TAssessmentReport, type TReportSurvey } from './report-types.ts';

const STYLE = {
  ...PDF_TEXT,
  tableHead: { size: 7, font: 'bold', color: PDF_COLORS.brandDark },
  tableCell: { size: 8.5, color: PDF_COLORS.text },
  name: { size: 9.5, font: 'bold', color: PDF_COLORS.ink, leading: 1.3 },
  body: { size: 8.5, color: PDF_COLORS.text, leading: 1.35 },
} satisfies Record<string, PdfTextStyle>;

const shownDate = (wire: string | null) => formatDisplayDate(wire) || '\u2014';

/** The visit: its type, date, times and survey team. */
export function drawSurveyVisit(flow: PdfFlow, report: TAssessmentReport, survey: TReportSurvey) {
  const start = formatTimeOfDay(survey.startTime);
  const end = formatTimeOfDay(survey.endTime);
  const times = start && end ? `${start} to ${end}` : start || end || '\u2014';
  const rows: [string, string][] = [
    ['Type of visit', assessmentTypeLabel(report.type, report.visitType)],
    ['Date', shownDate(report.visitDate)],
    ['Times', times],
  ];
  if (survey.surveyors.length === 0) rows.push(['Surveyors', '\u2014']);
  for (const surveyor of survey.surveyors)
    rows.push([surveyor.lead ? 'Lead surveyor' : 'Surveyor', surveyor.name]);
  heading(flow, 'The visit');
  for (const [key, value] of rows) keyValue(flow, key, value);
  flow.down(14);
}

/**
 * The risk summary: how many indicators of the report are Met, Not met, Not applicable or not
 * rated, and the non-conformities per rating, open and closed (`summariseNonConformities`).
 */
export function drawRiskSummary(flow: PdfFlow, report: TAssessmentReport) {
  const responses = report.sets.flatMap((set) => set.indicators.map((i) => i.response));
  const compliance = countCompliance(responses.map((r) => r.compliance));
  const ncs = summariseNonConformities(responses.filter((r) => r.compliance === 'NOT_MET'));
  heading(flow, 'Risk summary');
  const table = (headings: string[], rows: { label: string; values: number[]; bold?: boolean }[]) => {
    const columnWidth = 70;
    const rights = headings.map((_, index) => flow.right - (headings.length - 1 - index) * columnWidth - 6);
    const headerHeight = 18;
    flow.ensure(headerHeight + rows.length * 16);
    roundedRect(
      flow.page,
      { x: flow.left, y: flow.y - headerHeight, width: flow.width, height: headerHeight, radius: 3 },
      { fill: PDF_COLORS.brandLight },
    );
    const top = flow.y - (headerHeight - flow.lineHeight(STYLE.tableHead)) / 2;
    headings.forEach((heading, index) => {
      if (index === 0) flow.label(heading, flow.left + 6, top, STYLE.tableHead);
      else flow.label(heading, rights[index]!, top, STYLE.tableHead, { align: 'right' });
    });
    flow.down(headerHeight);
    for (const row of rows) {
      const cell = row.bold
        ? { ...STYLE.tableCell, font: 'bold' as const, color: PDF_COLORS.ink }
        : STYLE.tableCell;
      const height = flow.lineHeight(cell) + 7;
      const rowTop = flow.y - 3.5;
      flow.label(row.label, flow.left + 6, rowTop, cell);
      row.values.forEach((value, index) => {
        flow.label(String(value), rights[index + 1]!, rowTop, cell, { align: 'right' });
      });
      flow.down(height);
      flow.rule({ color: row.bold ? PDF_COLORS.brandLine : PDF_COLORS.rule });
    }
    flow.down(10);
  };
  table(
    ['COMPLIANCE', 'INDICATORS'],
    [
      { label: COMPLIANCE_LABELS.MET, values: [compliance.MET] },
      { label: COMPLIANCE_LABELS.NOT_MET, values: [compliance.NOT_MET] },
      { label: COMPLIANCE_LABELS.NOT_APPLICABLE, values: [compliance.NOT_APPLICABLE] },
      { label: NOT_ANSWERED_LABEL, values: [compliance.none] },
      { label: 'All indicators', values: [responses.length], bold: true },
    ],
  );
  table(
    ['NON-CONFORMITIES BY RISK RATING', 'TOTAL', 'OPEN', 'CLOSED'],
    [
      ...RISK_RATINGS.map((rating) => {
        const { total, open } = ncs.byRating[rating];
        return { label: RISK_RATING_LABELS[rating], values: [total, open, total - open] };
      }),
      ...(ncs.unrated > 0 ? [{ label: 'Not rated', values: [ncs.unrated, ncs.unrated, 0] }] : []),
      { label: 'All non-conformities', values: [ncs.total, ncs.open, ncs.closed], bold: true },
    ],
  );
  flow.down(4);
}

/** Each surveyor's summary under their name; a line when there is none. */
export function drawSurveyorSummaries(flow: PdfFlow, survey: TReportSurvey) {
  heading(flow, 'Surveyor summaries');
  if (survey.summaries.length === 0) {
    flow.text('No surveyor summary has been written.', STYLE.body);
  }
  for (const summary of survey.summaries) {
    flow.down(4);
    flow.ensure(flow.lineHeight(STYLE.name) + flow.lineHeight(STYLE.body) * 2);
    flow.text(summary.author, STYLE.name);
    flow.down(2);
    for (const paragraph of summary.text.split(/\n+/)) {
      if (paragraph.trim()) flow.text(paragraph.trim(), STYLE.body);
    }
    flow.down(6);
  }
  flow.down(14);
}

/** A section heading over a hairline, kept with what follows. */
function heading(flow: PdfFlow, text: string) {
  flow.ensure(flow.lineHeight(STYLE.heading) + 50);
  flow.text(text, STYLE.heading);
  flow.down(4);
  flow.rule();
  flow.down(6);
}

/** A key and its value in two columns. */
function keyValue(flow: PdfFlow, key: string, value: string) {
  const keyWidth = 120;
  const lines = flow.lines(value, STYLE.body, flow.width - keyWidth);
  const height = lines.length * flow.lineHeight(STYLE.body) + 3;
  flow.ensure(height);
  flow.label(key, flow.left, flow.y, { ...STYLE.body, font: 'bold', color: PDF_COLORS.muted });
  flow.writeLines(lines, flow.left + keyWidth, flow.y, STYLE.body);
  flow.down(height);
}
