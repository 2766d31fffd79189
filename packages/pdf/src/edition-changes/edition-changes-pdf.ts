import {
  assessmentTypeLabel,
  EDITION_CHANGE_GROUP_TEXT,
  EDITION_CHANGE_GROUPS,
  EDITION_CHANGES_MESSAGES,
  editionChangeGroups,
  editionChangesSummary,
  formatDisplayDate,
  PRODUCT_NAME,
  type TAssessmentType,
  type TEditionChangeGroup,
  type TEditionChangeLine,
  type TEditionChanges,
} from '@portal/domain';
import {
  drawCards,
  drawDocumentHeader,
  drawFieldRow,
  drawPageFooter,
  drawRunningHeader,
  PDF_COLORS,
  PDF_TEXT,
  PdfFlow,
  type PdfTextStyle,
} from '../kit/index.ts';

const STYLE = {
  ...PDF_TEXT,
  code: { size: 9, font: 'bold', color: PDF_COLORS.brand, leading: 1.3 },
  name: { size: 9, font: 'bold', color: PDF_COLORS.ink, leading: 1.3 },
  body: { size: 8.5, color: PDF_COLORS.text, leading: 1.35 },
  note: { size: 8, color: PDF_COLORS.muted, leading: 1.35 },
  empty: { size: 8.5, font: 'italic', color: PDF_COLORS.faint, leading: 1.35 },
  continued: { size: 8, font: 'italic', color: PDF_COLORS.faint },
} satisfies Record<string, PdfTextStyle>;

const CODE_WIDTH = 70;
const GROUP_COLORS: Record<TEditionChangeGroup, PdfTextStyle['color']> = {
  new: PDF_COLORS.brand,
  changed: PDF_COLORS.warning,
  retired: PDF_COLORS.neutral,
  carried: PDF_COLORS.success,
};

/**
 * "What changes for us" as a PDF (issue 30): the practice, its assessment's edition and the newer
 * one, the four counts (new, changed, retired, carried), then each group's indicators with their
 * codes, names, where they come from and what becomes of the practice's answer. A4 on the kit of
 * the other reports (running header, "Page n of N").
 */
export async function renderEditionChanges(
  changes: TEditionChanges,
  generatedOn: string,
): Promise<Uint8Array> {
  const title = EDITION_CHANGES_MESSAGES.title;
  const name = changes.practice.name;
  const flow = await PdfFlow.create({
    title: `${name}: ${title}`,
    subject: `What the newer edition of the standards changes for ${name}`,
    author: PRODUCT_NAME,
    margins: { top: 64, bottom: 56, left: 48, right: 48 },
    onNewPage: (f, pageNumber) => {
      if (pageNumber > 1) drawRunningHeader(f, { left: name, right: title });
    },
  });
  const older = changes.assessment?.edition?.name ?? '\u2014';
  const newer = changes.newer?.name ?? '\u2014';
  drawDocumentHeader(flow, {
    eyebrow: `${PRODUCT_NAME.toUpperCase()} \u00b7 ${title.toUpperCase()}`,
    title: name,
    subtitle: changes.state === 'NONE' ? null : `${older} \u2192 ${newer}`,
  });
  drawFieldRow(flow, [
    [
      'ASSESSMENT',
      changes.assessment ? assessmentTypeLabel(changes.assessment.type as TAssessmentType, null) : '\u2014',
    ],
    [
      changes.state === 'MOVED' ? 'MOVED ON' : 'STATUS',
      changes.moved
        ? formatDisplayDate(changes.moved.movedOn)
        : changes.state === 'PREVIEW'
          ? 'Not moved yet'
          : 'Nothing to move',
    ],
    ['GENERATED ON', formatDisplayDate(generatedOn)],
  ]);
  flow.text(editionChangesSummary(changes), STYLE.body);
  flow.down(12);
  if (changes.state !== 'NONE') body(flow, changes);
  const generated = `Generated on ${formatDisplayDate(generatedOn)} by ${PRODUCT_NAME}`;
  return flow.save((page, pageNumber, pageCount) =>
    drawPageFooter(flow, page, { left: `${generated} \u00b7 ${title}`, pageNumber, pageCount }),
  );
}

function body(flow: PdfFlow, changes: TEditionChanges) {
  const groups = editionChangeGroups(changes);
  drawCards(
    flow,
    EDITION_CHANGE_GROUPS.map((group) => ({
      label: EDITION_CHANGE_GROUP_TEXT[group].heading,
      value: String(groups[group].length),
      color: groups[group].length ? GROUP_COLORS[group] : PDF_COLORS.faint,
    })),
  );
  flow.down(6);
  for (const group of EDITION_CHANGE_GROUPS) section(flow, group, groups[group]);
}

/** One group: its heading with the count, what it means, then its indicators. */
function section(flow: PdfFlow, group: TEditionChangeGroup, lines: readonly TEditionChangeLine[]) {
  const { heading, meaning } = EDITION_CHANGE_GROUP_TEXT[group];
  flow.ensure(80);
  flow.text(`${heading} (${lines.length})`, STYLE.heading);
  flow.down(2);
  flow.text(meaning, STYLE.note);
  flow.down(6);
  if (!lines.length) {
    flow.text('None.', STYLE.empty);
    flow.down(14);
    return;
  }
  flow.onContinue = () => {
    flow.label(`${heading} continued`, flow.left, flow.y, STYLE.continued);
    flow.down(flow.lineHeight(STYLE.continued) + 4);
  };
  lines.forEach((line, index) => {
    if (index > 0) flow.rule({ color: PDF_COLORS.rule });
    row(flow, line);
  });
  flow.onContinue = null;
  flow.down(14);
}

/** One indicator: its code, its name, where it comes from and what becomes of the answer. */
function row(flow: PdfFlow, line: TEditionChangeLine) {
  const bodyX = flow.left + CODE_WIDTH;
  const width = flow.right - bodyX;
  const nameLines = flow.lines(line.name, STYLE.name, width);
  const detail = [line.source, line.effect].filter(Boolean).join(' \u00b7 ');
  const detailLines = flow.lines(detail, STYLE.note, width);
  const height =
    nameLines.length * flow.lineHeight(STYLE.name) + detailLines.length * flow.lineHeight(STYLE.note) + 8;
  flow.ensure(height);
  const top = flow.y - 4;
  flow.label(line.code, flow.left, top, STYLE.code, { maxWidth: CODE_WIDTH - 8 });
  flow.writeLines(nameLines, bodyX, top, STYLE.name);
  flow.writeLines(detailLines, bodyX, top - nameLines.length * flow.lineHeight(STYLE.name), STYLE.note);
  flow.down(height);
}
