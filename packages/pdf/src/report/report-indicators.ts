/** The assessment report's indicators: each set's band, then each indicator with its checklist and findings. */
import {
  formatDisplayDate,
  INDICATOR_FILTER_LABELS,
  indicatorBanner,
  isTicked,
  nonComplianceComplete,
  RISK_LEVEL_LABELS,
  RISK_RATING_LABELS,
  type TIndicatorResponseFields,
} from '@portal/domain';
import {
  badge,
  badgeHeight,
  badgeWidth,
  drawBarSection,
  PDF_COLORS,
  PDF_TONES,
  type PdfFlow,
  type PdfTone,
  roundedRect,
  stampCheckbox,
} from '../kit/index.ts';
import {
  ANSWER_TONES,
  answerLabel,
  answerOf,
  BODY_INSET,
  BOX,
  CODE_INSET,
  ITEM_INSET,
  MUST_HAVE,
  plural,
  RISK_TONES,
  STYLE,
  type TAnswer,
} from './report-style.ts';
import type { TAssessmentReport, TReportChecklist, TReportIndicator, TReportSet } from './report-types.ts';

/** Writes the indicators of one report into its flow. */
export class IndicatorWriter {
  constructor(
    private readonly flow: PdfFlow,
    private readonly report: TAssessmentReport,
    /** The size of the must-have tag stamp. */
    private readonly tag: { width: number; height: number },
  ) {}

  private answerOf(indicator: TReportIndicator): TAnswer {
    return answerOf(this.report.type, indicator.response);
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
    // A Not met answer is backed by its non-compliance details; any other by its must-haves.
    const unbacked =
      answer === 'NOT_MET'
        ? !nonComplianceComplete(response)
        : answer && answer !== 'NOT_APPLICABLE' && indicatorBanner(report.type, response, items) === null;
    if (unbacked) {
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
