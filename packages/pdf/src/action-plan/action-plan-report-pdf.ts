import {
  formatDisplayDate,
  NON_CONFORMITY_STATUS_LABELS,
  PRODUCT_NAME,
  REFERRED_TO_CA_LABEL,
  RISK_LEVEL_LABELS,
  RISK_RATING_LABELS,
  RISK_RATINGS,
  summariseNonConformities,
  type TRiskLevel,
  type TRiskRating,
} from '@portal/domain';
import {
  badge,
  badgeHeight,
  badgeWidth,
  drawBarSection,
  drawCards,
  drawDocumentHeader,
  drawFieldRow,
  drawPageFooter,
  drawRunningHeader,
  PDF_COLORS,
  PDF_TEXT,
  PDF_TONES,
  PdfFlow,
  type PdfTextStyle,
  type PdfTone,
  roundedRect,
} from '../kit/index.ts';

/** One activity the practice planned to close a non-conformity. Dates are yyyy-MM-dd. */
export interface TActionPlanActivity {
  description: string;
  responsible: string | null;
  dueDate: string | null;
  status: 'OPEN' | 'CLOSED';
  closedOn: string | null;
}

/** One non-conformity (a NOT_MET response) with its action plan. */
export interface TActionPlanItem {
  setCode: string;
  code: string;
  name: string;
  statement: string | null;
  nonComplianceType: string | null;
  riskType: string | null;
  likelihood: TRiskLevel | null;
  impact: TRiskLevel | null;
  rating: TRiskRating | null;
  /** The reviewer's action plan (`indicator_responses.action_plan`). */
  actionPlan: string | null;
  status: 'OPEN' | 'CLOSED';
  dateClosed: string | null;
  referToCa: boolean;
  activities: TActionPlanActivity[];
}

/** Everything the action plan report shows. Dates are yyyy-MM-dd. */
export interface TActionPlanReport {
  practiceName: string;
  /** The visit type's label (Survey, Surveillance, …). */
  visitLabel: string;
  visitDate: string | null;
  surveyVersion: string | null;
  /** What the assessment's status shows as ('Action required', 'Approved', …). */
  statusLabel: string;
  actionPlanDue: string | null;
  /** Days from the generation day to the due date (negative when overdue); given by the caller. */
  daysLeft: number | null;
  generatedOn: string;
  items: TActionPlanItem[];
}

const STYLE = {
  ...PDF_TEXT,
  code: { size: 10, font: 'bold', color: PDF_COLORS.brand, leading: 1.3 },
  name: { size: 10, font: 'bold', color: PDF_COLORS.ink, leading: 1.3 },
  label: { size: 7, font: 'bold', color: PDF_COLORS.muted },
  body: { size: 8.5, color: PDF_COLORS.text, leading: 1.35 },
  note: { size: 8, color: PDF_COLORS.muted, leading: 1.35 },
  empty: { size: 8.5, font: 'italic', color: PDF_COLORS.faint, leading: 1.35 },
  tableHead: { size: 7, font: 'bold', color: PDF_COLORS.brandDark },
  tableCell: { size: 8, color: PDF_COLORS.text, leading: 1.3 },
  continued: { size: 8, font: 'italic', color: PDF_COLORS.faint },
  badge: { size: 7, font: 'bold' },
} satisfies Record<string, PdfTextStyle>;

const RISK_TONES: Record<TRiskRating, PdfTone> = {
  CRITICAL: PDF_TONES.danger,
  HIGH: PDF_TONES.warning,
  MODERATE: PDF_TONES.warning,
  LOW: PDF_TONES.neutral,
};

const DASH = '\u2014';
const shownDate = (wire: string | null) => formatDisplayDate(wire) || DASH;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const CODE_WIDTH = 62;

/** '12 days left', 'Due today', 'Overdue by 3 days', or a dash without a due date. */
export function daysLeftLabel(daysLeft: number | null): string {
  if (daysLeft === null) return DASH;
  if (daysLeft === 0) return 'Due today';
  return daysLeft > 0 ? `${plural(daysLeft, 'day')} left` : `Overdue by ${plural(-daysLeft, 'day')}`;
}

/** What an item's status badge says: 'Open', or 'Closed dd/MM/yyyy'. */
export function itemStatusLabel(item: Pick<TActionPlanItem, 'status' | 'dateClosed'>): string {
  const label = NON_CONFORMITY_STATUS_LABELS[item.status];
  return item.status === 'CLOSED' && item.dateClosed
    ? `${label} ${formatDisplayDate(item.dateClosed)}`
    : label;
}

/**
 * The action plan report (spec 001 §7 generate_action_plan_report): the practice, the visit, the
 * assessment's status and the action plan's due date with the days left; a summary of the
 * non-conformities (how many, open, closed, referred to the certification authority, by risk
 * rating); then every non-conformity in the standards' order with its statement and type, risk
 * (likelihood, impact, rating), the reviewer's action plan, its activities (description,
 * responsible, due date, status, date closed), whether it is open or closed and whether it was
 * referred. A4 on the PDF layer of the assessment report (running header, "Page n of N").
 */
export async function renderActionPlanReport(report: TActionPlanReport): Promise<Uint8Array> {
  const title = 'Action plan report';
  const flow = await PdfFlow.create({
    title: `${report.practiceName}: ${title}`,
    subject: `Action plan of the ${report.visitLabel} of ${report.practiceName}`,
    author: PRODUCT_NAME,
    margins: { top: 64, bottom: 56, left: 48, right: 48 },
    onNewPage: (f, pageNumber) => {
      if (pageNumber > 1) drawRunningHeader(f, { left: report.practiceName, right: title });
    },
  });

  drawDocumentHeader(flow, {
    eyebrow: `${PRODUCT_NAME.toUpperCase()} \u00b7 ACTION PLAN REPORT`,
    title: report.practiceName,
    subtitle: [report.visitLabel, report.surveyVersion].filter(Boolean).join(' \u00b7 '),
  });
  drawFieldRow(flow, [
    ['VISIT DATE', shownDate(report.visitDate)],
    ['STATUS', report.statusLabel],
    ['ACTION PLAN DUE', shownDate(report.actionPlanDue)],
    ['DAYS LEFT', daysLeftLabel(report.actionPlanDue ? report.daysLeft : null)],
  ]);

  summary(flow, report);
  flow.ensure(120);
  flow.text('Non-conformities', STYLE.heading);
  flow.down(4);
  if (report.items.length === 0) {
    flow.text('This survey has no non-conformities.', STYLE.body);
  }
  report.items.forEach((item, index) => {
    if (index > 0) flow.rule();
    nonConformity(flow, item);
  });

  const generated = `Generated on ${formatDisplayDate(report.generatedOn)} by ${PRODUCT_NAME}`;
  return flow.save((page, pageNumber, pageCount) =>
    drawPageFooter(flow, page, { left: `${generated} \u00b7 ${title}`, pageNumber, pageCount }),
  );
}

/** The counts: Not met, open, closed, referred; then each rating with how many are still open. */
function summary(flow: PdfFlow, report: TActionPlanReport) {
  const counts = summariseNonConformities(
    report.items.map((item) => ({
      non_conformity_status: item.status,
      refer_to_ca: item.referToCa,
      risk_rating: item.rating,
    })),
  );
  flow.text('Summary', STYLE.heading);
  flow.down(6);
  drawCards(flow, [
    { label: 'Not met', value: String(counts.total), color: PDF_COLORS.danger },
    { label: 'Open', value: String(counts.open), color: counts.open > 0 ? PDF_COLORS.warning : undefined },
    {
      label: 'Closed',
      value: String(counts.closed),
      note: `of ${counts.total}`,
      progress: counts.total > 0 ? counts.closed / counts.total : 0,
    },
    { label: REFERRED_TO_CA_LABEL, value: String(counts.referred) },
  ]);
  drawCards(
    flow,
    RISK_RATINGS.map((rating) => {
      const { total, open } = counts.byRating[rating];
      return {
        label: `${RISK_RATING_LABELS[rating]} risk`,
        value: String(total),
        note: `${open} open`,
        color: total > 0 ? RISK_TONES[rating].color : PDF_COLORS.faint,
      };
    }),
  );
  flow.down(10);
}

/** One non-conformity: its heading and status, the facts, statement, action plan and activities. */
function nonConformity(flow: PdfFlow, item: TActionPlanItem) {
  const bodyX = flow.left + CODE_WIDTH;
  const status = itemStatusLabel(item);
  const statusTone = item.status === 'CLOSED' ? PDF_TONES.success : PDF_TONES.warning;
  const nameLines = flow.lines(
    item.name,
    STYLE.name,
    flow.right - bodyX - badgeWidth(flow, status, STYLE.badge) - 12,
  );
  const nameHeight = nameLines.length * flow.lineHeight(STYLE.name);
  flow.down(10);
  flow.ensure(nameHeight + 80);
  const top = flow.y;
  flow.label(item.code, flow.left, top, STYLE.code, { maxWidth: CODE_WIDTH - 6 });
  flow.writeLines(nameLines, bodyX, top, STYLE.name);
  badge(
    flow,
    status,
    {
      x: flow.right,
      top: top - (flow.lineHeight(STYLE.name) - badgeHeight(STYLE.badge)) / 2,
      align: 'right',
    },
    statusTone,
    STYLE.badge,
  );
  flow.down(nameHeight + 4);

  flow.onContinue = () => {
    flow.label(`${item.code} continued`, flow.left, flow.y, STYLE.continued);
    flow.down(flow.lineHeight(STYLE.continued) + 4);
  };

  // The risk: its rating as a badge, then likelihood, impact, types and the referral.
  const facts = [
    `Likelihood: ${item.likelihood ? RISK_LEVEL_LABELS[item.likelihood] : DASH}`,
    `Impact: ${item.impact ? RISK_LEVEL_LABELS[item.impact] : DASH}`,
    item.riskType && `Risk type: ${item.riskType}`,
    `Type: ${item.nonComplianceType || DASH}`,
    item.referToCa && REFERRED_TO_CA_LABEL,
  ].filter(Boolean) as string[];
  const lineHeight = flow.lineHeight(STYLE.note);
  flow.ensure(Math.max(lineHeight, badgeHeight(STYLE.badge)));
  let left = bodyX;
  const rating = item.rating ? `${RISK_RATING_LABELS[item.rating]} risk` : 'Risk not rated';
  left +=
    badge(
      flow,
      rating,
      { x: left, top: flow.y - (lineHeight - badgeHeight(STYLE.badge)) / 2 },
      item.rating ? RISK_TONES[item.rating] : PDF_TONES.outline,
      STYLE.badge,
    ) + 8;
  flow.text(facts.join(' \u00b7 '), STYLE.note, { x: left });

  drawBarSection(flow, {
    heading: 'Non-compliance statement',
    text: item.statement,
    x: bodyX,
    missing: 'No statement has been entered.',
  });
  drawBarSection(flow, {
    heading: 'Action plan',
    text: item.actionPlan,
    x: bodyX,
    missing: 'No action plan has been entered.',
  });
  activities(flow, item.activities, bodyX);

  flow.onContinue = null;
  flow.down(10);
}

/** The activities as a table: description, responsible, due, status, closed. */
function activities(flow: PdfFlow, rows: readonly TActionPlanActivity[], x: number) {
  const labelHeight = flow.lineHeight(STYLE.label);
  flow.down(6);
  if (rows.length === 0) {
    flow.ensure(labelHeight + 2 + flow.lineHeight(STYLE.empty));
    flow.label('ACTIVITIES', x, flow.y, STYLE.label);
    flow.down(labelHeight + 2);
    flow.text('No activities have been added.', STYLE.empty, { x: x + 10 });
    return;
  }
  // Fixed columns on the right; the description takes the rest.
  const fixed = [
    { heading: 'RESPONSIBLE', width: 92 },
    { heading: 'DUE', width: 54 },
    { heading: 'STATUS', width: 44 },
    { heading: 'CLOSED', width: 54 },
  ];
  const fixedWidth = fixed.reduce((sum, column) => sum + column.width, 0);
  const descriptionWidth = flow.right - x - fixedWidth - 12;
  const headerHeight = 16;
  const cellHeight = flow.lineHeight(STYLE.tableCell);
  const head = () => {
    roundedRect(
      flow.page,
      { x, y: flow.y - headerHeight, width: flow.right - x, height: headerHeight, radius: 3 },
      { fill: PDF_COLORS.brandLight },
    );
    const top = flow.y - (headerHeight - flow.lineHeight(STYLE.tableHead)) / 2;
    flow.label(`ACTIVITIES (${rows.length})`, x + 6, top, STYLE.tableHead);
    let columnX = x + 6 + descriptionWidth + 6;
    for (const column of fixed) {
      flow.label(column.heading, columnX, top, STYLE.tableHead, { maxWidth: column.width - 4 });
      columnX += column.width;
    }
    flow.down(headerHeight);
  };
  flow.ensure(headerHeight + cellHeight + 6);
  head();
  const previous = flow.onContinue;
  flow.onContinue = () => {
    previous?.();
    head();
  };
  for (const row of rows) {
    const description = flow.lines(row.description, STYLE.tableCell, descriptionWidth);
    const responsible = flow.lines(row.responsible?.trim() || DASH, STYLE.tableCell, fixed[0]!.width - 6);
    const height = Math.max(description.length, responsible.length) * cellHeight + 6;
    flow.ensure(height);
    const top = flow.y - 3;
    flow.writeLines(description, x + 6, top, STYLE.tableCell);
    let columnX = x + 6 + descriptionWidth + 6;
    flow.writeLines(responsible, columnX, top, STYLE.tableCell);
    columnX += fixed[0]!.width;
    const cells = [shownDate(row.dueDate), NON_CONFORMITY_STATUS_LABELS[row.status], shownDate(row.closedOn)];
    cells.forEach((cell, index) => {
      const column = fixed[index + 1]!;
      flow.label(cell, columnX, top, STYLE.tableCell, { maxWidth: column.width - 4 });
      columnX += column.width;
    });
    flow.down(height);
    flow.rule({ x1: x });
  }
  flow.onContinue = previous;
}
