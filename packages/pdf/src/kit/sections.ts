import type { PdfFlow } from './flow.ts';
import { PDF_COLORS, type PdfTextStyle } from './theme.ts';

const LABEL: PdfTextStyle = { size: 7, font: 'bold', color: PDF_COLORS.muted };
const BODY: PdfTextStyle = { size: 8.5, color: PDF_COLORS.text, leading: 1.35 };
const EMPTY: PdfTextStyle = { size: 8.5, font: 'italic', color: PDF_COLORS.faint, leading: 1.35 };

/**
 * A small upper-case heading and its text at `x`, set off by a brand bar on its left (a finding's
 * statement, its plan, an opportunity for improvement); a blank text shows `missing` in italics.
 * The heading is kept with the first two lines; the cursor ends below the text.
 */
export function drawBarSection(
  flow: PdfFlow,
  section: { heading: string; text: string | null | undefined; x: number; missing?: string },
): void {
  const { heading, x } = section;
  const given = section.text?.trim();
  const style = given ? BODY : EMPTY;
  const labelHeight = flow.lineHeight(LABEL);
  const lineHeight = flow.lineHeight(style);
  const lines = flow.lines(given || section.missing || '', style, flow.right - x - 10);
  flow.down(6);
  flow.ensure(labelHeight + 2 + lineHeight * Math.min(2, lines.length));
  flow.label(heading.toUpperCase(), x, flow.y, LABEL);
  flow.down(labelHeight + 2);
  for (const line of lines) {
    flow.ensure(lineHeight);
    flow.page.drawRectangle({
      x,
      y: flow.y - lineHeight,
      width: 2,
      height: lineHeight,
      color: PDF_COLORS.brandLine,
    });
    flow.writeLines([line], x + 10, flow.y, style);
    flow.down(lineHeight);
  }
}
