/** The assessment report's first page: its header, the counts and the summary by indicator set. */
import {
  actionPlanBadge,
  assessmentStatusBadge,
  COMPLIANCE_LABELS,
  PRODUCT_NAME,
  RISK_RATING_LABELS,
  RISK_RATINGS,
  type TRiskRating,
} from '@portal/domain';
import {
  drawCards,
  drawDocumentHeader,
  drawFieldRow,
  PDF_COLORS,
  type PdfCard,
  type PdfFlow,
  roundedRect,
} from '../kit/index.ts';
import {
  ANSWER_COLUMNS,
  answerLabel,
  answerOf,
  capitalise,
  RISK_TONES,
  STYLE,
  shownDate,
} from './report-style.ts';
import { NOT_ANSWERED_LABEL, type TAssessmentReport } from './report-types.ts';

/** The title block and the assessment's status, dates and action plan. */
export function drawReportHeader(flow: PdfFlow, report: TAssessmentReport, typeLabel: string) {
  drawDocumentHeader(flow, {
    eyebrow: `${PRODUCT_NAME.toUpperCase()} \u00b7 ASSESSMENT REPORT`,
    title: report.practiceName,
    subtitle: [typeLabel, report.surveyVersion].filter(Boolean).join(' \u00b7 '),
  });

  const fields: [string, string][] = [
    ['STATUS', capitalise(assessmentStatusBadge(report.status))],
    ['DUE DATE', shownDate(report.dueDate)],
    ['LAST UPDATED', shownDate(report.lastUpdated)],
  ];
  const actionPlan = actionPlanBadge(report.type, report.status);
  if (actionPlan) fields.push(['ACTION PLAN', capitalise(actionPlan)]);
  if (report.type === 'SURVEY_VISIT') fields.push(['VISIT DATE', shownDate(report.visitDate)]);
  drawFieldRow(flow, fields);
}

/** The counts as cards: answered, the answers (and a survey's risks), comments. */
export function drawReportSummary(flow: PdfFlow, report: TAssessmentReport) {
  const { counts } = report;
  const comments = report.sets.reduce(
    (sum, set) => sum + set.indicators.reduce((n, indicator) => n + indicator.commentCount, 0),
    0,
  );
  const share = counts.total > 0 ? counts.complete / counts.total : 0;
  const complete: PdfCard = {
    label: 'Indicators complete',
    value: String(counts.complete),
    note: `of ${counts.total} (${Math.round(share * 100)}%)`,
    progress: share,
  };
  if (report.type === 'PRESURVEY') {
    drawCards(flow, [
      complete,
      { label: NOT_ANSWERED_LABEL, value: String(counts.total - counts.complete) },
      { label: 'Improvements suggested', value: String(counts.improvements) },
      { label: 'Comments', value: String(comments) },
    ]);
  } else {
    drawCards(flow, [
      complete,
      { label: COMPLIANCE_LABELS.MET, value: String(counts.mets), color: PDF_COLORS.success },
      { label: COMPLIANCE_LABELS.NOT_MET, value: String(counts.notMets), color: PDF_COLORS.danger },
      { label: 'Non-conformities closed', value: String(counts.riskClosed), note: `of ${counts.notMets}` },
    ]);
    const byRating: Record<TRiskRating, number> = {
      CRITICAL: counts.riskCritical,
      HIGH: counts.riskMajor,
      MODERATE: counts.riskModerate,
      LOW: counts.riskMinor,
    };
    drawCards(
      flow,
      RISK_RATINGS.map((rating) => ({
        label: `${RISK_RATING_LABELS[rating]} risk`,
        value: String(byRating[rating]),
        color: byRating[rating] > 0 ? RISK_TONES[rating].color : PDF_COLORS.faint,
      })),
    );
  }
  flow.down(8);
}

/** The table of sets: code, name, and how many indicators show each answer. */
export function drawSetTable(flow: PdfFlow, report: TAssessmentReport) {
  if (report.sets.length === 0) return;
  const answers = ANSWER_COLUMNS[report.type];
  const headings = [...answers.map((answer) => answerLabel(answer).toUpperCase()), 'TOTAL'];
  const widths = headings.map((heading) => Math.max(flow.widthOf(heading, STYLE.tableHead) + 14, 44));
  const codeWidth = 44;
  const nameX = flow.left + codeWidth;
  const nameWidth = flow.width - codeWidth - widths.reduce((a, b) => a + b, 0) - 8;
  // The right edge of each number column.
  const rights = widths.map(
    (_, index) => flow.right - widths.slice(index + 1).reduce((a, b) => a + b, 0) - 6,
  );
  const headerHeight = 20;

  flow.ensure(flow.lineHeight(STYLE.heading) + headerHeight + 40);
  flow.text('Summary by indicator set', STYLE.heading);
  flow.down(6);

  const head = () => {
    roundedRect(
      flow.page,
      { x: flow.left, y: flow.y - headerHeight, width: flow.width, height: headerHeight, radius: 3 },
      { fill: PDF_COLORS.brandLight },
    );
    const top = flow.y - (headerHeight - flow.lineHeight(STYLE.tableHead)) / 2;
    flow.label('CODE', flow.left + 6, top, STYLE.tableHead);
    flow.label('INDICATOR SET', nameX, top, STYLE.tableHead);
    headings.forEach((heading, index) => {
      flow.label(heading, rights[index]!, top, STYLE.tableHead, { align: 'right' });
    });
    flow.down(headerHeight);
  };
  head();
  flow.onContinue = head;

  const lineHeight = flow.lineHeight(STYLE.tableCell);
  const row = (code: string, name: string, values: number[], bold = false) => {
    const cell = bold
      ? { ...STYLE.tableCell, font: 'bold' as const, color: PDF_COLORS.ink }
      : STYLE.tableCell;
    const lines = flow.lines(name, cell, nameWidth);
    const height = lines.length * lineHeight + 8;
    flow.ensure(height);
    const top = flow.y - 4;
    if (code) flow.label(code, flow.left + 6, top, STYLE.tableCode, { maxWidth: codeWidth - 8 });
    flow.writeLines(lines, nameX, top, cell);
    values.forEach((value, index) => {
      flow.label(String(value), rights[index]!, top, cell, { align: 'right' });
    });
    flow.down(height);
    flow.rule({ color: bold ? PDF_COLORS.brandLine : PDF_COLORS.rule });
  };

  const totals = headings.map(() => 0);
  for (const set of report.sets) {
    const values = [
      ...answers.map(
        (answer) => set.indicators.filter((i) => answerOf(report.type, i.response) === answer).length,
      ),
      set.indicators.length,
    ];
    values.forEach((value, index) => {
      totals[index] = (totals[index] ?? 0) + value;
    });
    row(set.code, set.name, values);
  }
  row('', 'All indicator sets', totals, true);
  flow.onContinue = null;
  flow.down(20);
}
