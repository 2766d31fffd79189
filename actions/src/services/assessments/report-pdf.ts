import {
  actionPlanBadge,
  assessmentStatusBadge,
  assessmentTypeLabel,
  COMPLIANCE_LABELS,
  formatDisplayDate,
  INDICATOR_FILTER_LABELS,
  indicatorBanner,
  isTicked,
  PRODUCT_NAME,
  RISK_LEVEL_LABELS,
  RISK_RATING_LABELS,
  RISK_RATINGS,
  selfAssessmentChoiceOf,
  type TAssessmentStatus,
  type TAssessmentType,
  type TCompliance,
  type TIndicatorResponseFields,
  type TRiskRating,
} from '@portal/domain';
import {
  badge,
  badgeHeight,
  badgeWidth,
  defineBadgeStamp,
  defineCheckboxStamps,
  drawBarSection,
  drawCards,
  drawDocumentHeader,
  drawFieldRow,
  drawPageFooter,
  drawRunningHeader,
  PDF_COLORS,
  PDF_TEXT,
  PDF_TONES,
  type PdfCard,
  PdfFlow,
  type PdfTextStyle,
  type PdfTone,
  roundedRect,
  stampCheckbox,
} from '../../lib/pdf/index.ts';
import {
  drawRiskSummary,
  drawSurveyorSummaries,
  drawSurveyVisit,
  NOT_ANSWERED_LABEL,
  type TReportSurvey,
} from './report-pdf-survey.ts';

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

export { NOT_ANSWERED_LABEL, type TReportSurvey };

type TAnswer = TCompliance | null;

/** The answer an indicator shows: a self assessment's choice, a survey's compliance. */
function answerOf(type: TAssessmentType, response: TIndicatorResponseFields): TAnswer {
  return type === 'PRESURVEY' ? selfAssessmentChoiceOf(response) : response.compliance;
}

const answerLabel = (answer: TAnswer) => (answer ? COMPLIANCE_LABELS[answer] : NOT_ANSWERED_LABEL);

const ANSWER_TONES: Record<TCompliance | 'NONE', PdfTone> = {
  MET: PDF_TONES.success,
  COMPLETE: PDF_TONES.success,
  NOT_MET: PDF_TONES.danger,
  NOT_APPLICABLE: PDF_TONES.neutral,
  NONE: PDF_TONES.outline,
};

const RISK_TONES: Record<TRiskRating, PdfTone> = {
  CRITICAL: PDF_TONES.danger,
  HIGH: PDF_TONES.warning,
  MODERATE: PDF_TONES.warning,
  LOW: PDF_TONES.neutral,
};

/** The answer columns of the summary table, in order, per type. */
const ANSWER_COLUMNS: Record<TAssessmentType, TAnswer[]> = {
  PRESURVEY: ['COMPLETE', 'NOT_APPLICABLE', null],
  SURVEY_VISIT: ['MET', 'NOT_MET', 'NOT_APPLICABLE', null],
};

const STYLE = {
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
const CODE_INSET = 4;
const BODY_INSET = 62;
/** How far checklist items sit in from their question. */
const ITEM_INSET = 14;
/** Tick box size. */
const BOX = 7.5;
const MUST_HAVE = 'must-have';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const shownDate = (wire: string | null) => formatDisplayDate(wire) || '\u2014';
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

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

  const writer = new ReportWriter(flow, report, tag);
  writer.header(typeLabel);
  writer.summary();
  if (report.survey) {
    drawSurveyVisit(flow, report, report.survey);
    drawRiskSummary(flow, report);
    drawSurveyorSummaries(flow, report.survey);
  }
  writer.setTable();
  writer.indicators();

  const generated = `Generated on ${formatDisplayDate(report.generatedOn)} by ${PRODUCT_NAME}`;
  return flow.save((page, pageNumber, pageCount) =>
    drawPageFooter(flow, page, { left: `${generated} \u00b7 ${title}`, pageNumber, pageCount }),
  );
}

/** Writes the parts of one report into its flow. */
class ReportWriter {
  constructor(
    private readonly flow: PdfFlow,
    private readonly report: TAssessmentReport,
    /** The size of the must-have tag stamp. */
    private readonly tag: { width: number; height: number },
  ) {}

  private answerOf(indicator: TReportIndicator): TAnswer {
    return answerOf(this.report.type, indicator.response);
  }

  header(typeLabel: string) {
    const { flow, report } = this;
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

  summary() {
    const { report } = this;
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
      drawCards(this.flow, [
        complete,
        { label: NOT_ANSWERED_LABEL, value: String(counts.total - counts.complete) },
        { label: 'Improvements suggested', value: String(counts.improvements) },
        { label: 'Comments', value: String(comments) },
      ]);
    } else {
      drawCards(this.flow, [
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
        this.flow,
        RISK_RATINGS.map((rating) => ({
          label: `${RISK_RATING_LABELS[rating]} risk`,
          value: String(byRating[rating]),
          color: byRating[rating] > 0 ? RISK_TONES[rating].color : PDF_COLORS.faint,
        })),
      );
    }
    this.flow.down(8);
  }

  /** The table of sets: code, name, and how many indicators show each answer. */
  setTable() {
    const { flow, report } = this;
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
        ...answers.map((answer) => set.indicators.filter((i) => this.answerOf(i) === answer).length),
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

  indicators() {
    const { flow, report } = this;
    // The heading and its legend keep the first set's band and the start of its first indicator
    // with them (the band asks for its height + 80 after a 12 pt gap): never a heading alone at
    // the foot of a page.
    flow.ensure(flow.lineHeight(STYLE.heading) + 3 + flow.lineHeight(STYLE.note) + 4 + 12 + 30 + 80);
    flow.text('Indicators', STYLE.heading);
    flow.down(3);
    this.legend();
    if (report.sets.length === 0) {
      flow.down(6);
      flow.text('This assessment has no indicators.', STYLE.body);
      return;
    }
    for (const set of report.sets) this.set(set);
  }

  /** What a ticked box, an empty box and the must-have tag mean. */
  private legend() {
    const { flow } = this;
    const lineHeight = flow.lineHeight(STYLE.note);
    const top = flow.y;
    const middle = top - lineHeight / 2;
    let x = flow.left;
    for (const [checked, text] of [
      [true, 'Ticked'],
      [false, 'Not ticked'],
    ] as const) {
      stampCheckbox(flow, x, middle - BOX / 2, checked);
      x += BOX + 4;
      x += flow.label(text, x, top, STYLE.note) + 14;
    }
    flow.stamp(MUST_HAVE, x, middle - this.tag.height / 2);
    x += this.tag.width + 4;
    flow.label('Must-have item', x, top, STYLE.note);
    flow.down(lineHeight + 4);
  }

  private set(set: TReportSet) {
    const { flow } = this;
    const answered = set.indicators.filter((i) => this.answerOf(i) !== null).length;
    const note = `${answered} of ${set.indicators.length} answered`;
    const noteWidth = flow.widthOf(note, STYLE.setNote);
    const codeWidth = Math.max(flow.widthOf(set.code, STYLE.setCode) + 10, 36);
    const lines = flow.lines(set.name, STYLE.setName, flow.width - codeWidth - noteWidth - 40);
    const lineHeight = flow.lineHeight(STYLE.setName);
    const height = lines.length * lineHeight + 14;
    flow.down(12);
    // The band keeps the start of its first indicator with it.
    flow.ensure(height + 80);
    roundedRect(
      flow.page,
      { x: flow.left, y: flow.y - height, width: flow.width, height, radius: 4 },
      { fill: PDF_COLORS.brandLight },
    );
    flow.page.drawRectangle({ x: flow.left, y: flow.y - height, width: 3, height, color: PDF_COLORS.brand });
    const top = flow.y - 7;
    flow.label(set.code, flow.left + 12, top, STYLE.setCode);
    flow.writeLines(lines, flow.left + 12 + codeWidth, top, STYLE.setName);
    flow.label(
      note,
      flow.right - 10,
      top,
      { ...STYLE.setNote, leading: lineHeight / STYLE.setNote.size },
      {
        align: 'right',
      },
    );
    flow.down(height + 2);
    set.indicators.forEach((indicator, index) => {
      if (index > 0) flow.rule({ x1: flow.left + CODE_INSET });
      this.indicator(set, indicator);
    });
  }

  private indicator(set: TReportSet, indicator: TReportIndicator) {
    const { flow, report } = this;
    const { response } = indicator;
    const answer = this.answerOf(indicator);
    const bodyX = flow.left + BODY_INSET;

    // Right of the name its answer; under it the reviewer's flags (when set) and the comments.
    const label = answerLabel(answer);
    const badgeSpace = badgeWidth(flow, label, STYLE.badge) + 14;
    const nameLines = flow.lines(indicator.name, STYLE.name, flow.right - bodyX - badgeSpace);
    const nameHeight = nameLines.length * flow.lineHeight(STYLE.name);
    const flags: [string, PdfTone][] = [];
    if (response.reviewed) flags.push([INDICATOR_FILTER_LABELS.REVIEWED, PDF_TONES.brand]);
    if (response.further_action_required)
      flags.push([INDICATOR_FILTER_LABELS.ACTION_REQUIRED, PDF_TONES.warning]);
    const metaHeight = Math.max(
      flow.lineHeight(STYLE.comments),
      flags.length > 0 ? badgeHeight(STYLE.badge) : 0,
    );
    const first = indicator.checklists[0];
    const lead = first
      ? flow.measure(`${first.number}. ${first.text}`, STYLE.question, flow.right - bodyX) +
        flow.lineHeight(STYLE.item)
      : 0;

    flow.down(9);
    flow.ensure(nameHeight + metaHeight + lead + 8);
    const top = flow.y;
    flow.label(indicator.code, flow.left + CODE_INSET, top, STYLE.code, {
      maxWidth: BODY_INSET - CODE_INSET - 6,
    });
    flow.writeLines(nameLines, bodyX, top, STYLE.name);
    const badgeTop = top - (flow.lineHeight(STYLE.name) - badgeHeight(STYLE.badge)) / 2;
    badge(
      flow,
      label,
      { x: flow.right, top: badgeTop, align: 'right' },
      ANSWER_TONES[answer ?? 'NONE'],
      STYLE.badge,
    );
    flow.down(nameHeight + 2);

    const metaTop = flow.y;
    let x = bodyX;
    for (const [text, tone] of flags) {
      x +=
        badge(
          flow,
          text,
          { x, top: metaTop - (metaHeight - badgeHeight(STYLE.badge)) / 2 },
          tone,
          STYLE.badge,
        ) + 6;
    }
    const comments = indicator.commentCount > 0 ? plural(indicator.commentCount, 'comment') : 'No comments';
    flow.label(comments, x, metaTop, { ...STYLE.comments, leading: metaHeight / STYLE.comments.size });
    flow.down(metaHeight + 2);

    flow.onContinue = () => {
      flow.label(
        `${set.code} \u00b7 ${indicator.code} continued`,
        flow.left + CODE_INSET,
        flow.y,
        STYLE.continued,
      );
      flow.down(flow.lineHeight(STYLE.continued) + 4);
    };

    for (const question of indicator.checklists) this.checklist(response, question, bodyX);

    const items = indicator.checklists.flatMap((q) =>
      q.items.map((item) => ({ question: q.number, item: item.number, mustHave: item.mustHave })),
    );
    if (answer && answer !== 'NOT_APPLICABLE' && indicatorBanner(report.type, response, items) === null) {
      flow.down(3);
      flow.text(
        answer === 'NOT_MET'
          ? 'The non-compliance details are not complete.'
          : 'Not every must-have item is ticked.',
        STYLE.warning,
        { x: bodyX },
      );
    }
    if (response.observation?.trim())
      drawBarSection(flow, {
        heading: 'Opportunities for improvement',
        text: response.observation,
        x: bodyX,
      });
    if (report.type === 'SURVEY_VISIT' && response.compliance === 'NOT_MET')
      this.nonCompliance(indicator, bodyX);

    flow.onContinue = null;
    flow.down(9);
  }

  /** A question and its items, each with its tick box; must-have items carry the tag. */
  private checklist(response: TIndicatorResponseFields, question: TReportChecklist, bodyX: number) {
    const { flow } = this;
    const itemHeight = flow.lineHeight(STYLE.item);
    const questionLines = flow.lines(
      `${question.number}. ${question.text}`,
      STYLE.question,
      flow.right - bodyX,
    );
    flow.down(3);
    // A question never ends a page without its first item.
    flow.ensure(questionLines.length * flow.lineHeight(STYLE.question) + itemHeight);
    for (const line of questionLines) {
      flow.ensure(flow.lineHeight(STYLE.question));
      flow.writeLines([line], bodyX, flow.y, STYLE.question);
      flow.down(flow.lineHeight(STYLE.question));
    }
    flow.down(1);
    const boxX = bodyX + ITEM_INSET;
    const textX = boxX + BOX + 6;
    for (const item of question.items) {
      const lines = flow.lines(
        item.text,
        STYLE.item,
        flow.right - textX - (item.mustHave ? this.tag.width + 10 : 0),
      );
      lines.forEach((line, index) => {
        flow.ensure(itemHeight);
        const middle = flow.y - itemHeight / 2;
        if (index === 0) {
          stampCheckbox(
            flow,
            boxX,
            middle - BOX / 2,
            isTicked(response.checklists, question.number, item.number),
          );
          if (item.mustHave) flow.stamp(MUST_HAVE, flow.right - this.tag.width, middle - this.tag.height / 2);
        }
        flow.writeLines([line], textX, flow.y, STYLE.item);
        flow.down(itemHeight);
      });
      flow.down(1.5);
    }
  }

  /** A survey's Not met: the statement, its type, the risk and where the non-conformity stands. */
  private nonCompliance(indicator: TReportIndicator, x: number) {
    const { flow } = this;
    const { response } = indicator;
    drawBarSection(flow, {
      heading: 'Non-compliance statement',
      text: response.non_compliance_statement,
      x,
      missing: 'No statement has been entered.',
    });
    const facts = [
      response.non_compliance_type && `Type: ${response.non_compliance_type}`,
      response.risk_type && `Risk type: ${response.risk_type}`,
      response.risk_likelihood && `Likelihood: ${RISK_LEVEL_LABELS[response.risk_likelihood]}`,
      response.risk_impact && `Impact: ${RISK_LEVEL_LABELS[response.risk_impact]}`,
      response.non_conformity_status === 'CLOSED'
        ? `Non-conformity closed ${formatDisplayDate(indicator.dateClosed)}`.trim()
        : 'Non-conformity open',
      response.refer_to_ca && 'Referred to the certification authority',
    ].filter(Boolean) as string[];
    flow.down(5);
    const lineHeight = flow.lineHeight(STYLE.note);
    flow.ensure(Math.max(lineHeight, badgeHeight(STYLE.badge)));
    let left = x;
    if (response.risk_rating) {
      const top = flow.y - (lineHeight - badgeHeight(STYLE.badge)) / 2;
      const rating = `${RISK_RATING_LABELS[response.risk_rating]} risk`;
      left += badge(flow, rating, { x: left, top }, RISK_TONES[response.risk_rating], STYLE.badge) + 8;
    }
    flow.text(facts.join(' \u00b7 '), STYLE.note, { x: left });
  }
}
