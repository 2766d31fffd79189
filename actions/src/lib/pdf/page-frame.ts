import type { PDFPage } from 'pdf-lib';
import type { PdfFlow } from './flow.ts';
import { PDF_COLORS } from './theme.ts';

const SMALL = { size: 8, color: PDF_COLORS.muted } as const;

/**
 * The line every page but the first carries above its content: what the document is about on
 * the left, what kind of document on the right, over a hairline. Drawn in the top margin.
 */
export function drawRunningHeader(flow: PdfFlow, text: { left: string; right: string }): void {
  const top = flow.pageHeight - flow.margins.top / 2 + 6;
  const rightWidth = flow.label(text.right, flow.right, top, SMALL, { align: 'right' });
  flow.label(
    text.left,
    flow.left,
    top,
    { ...SMALL, font: 'bold' },
    { maxWidth: flow.width - rightWidth - 24 },
  );
  flow.rule({ y: top - flow.lineHeight(SMALL) - 3, color: PDF_COLORS.rule });
}

/**
 * The footer of every page, drawn once the page count is known (`PdfFlow.save`): a hairline, a
 * note on the left (when it was generated) and "Page n of N" on the right.
 */
export function drawPageFooter(
  flow: PdfFlow,
  page: PDFPage,
  footer: { left: string; pageNumber: number; pageCount: number },
): void {
  const top = flow.margins.bottom / 2 + 4;
  flow.rule({ y: top + 6, color: PDF_COLORS.rule, page });
  const pageText = `Page ${footer.pageNumber} of ${footer.pageCount}`;
  const pageWidth = flow.label(pageText, flow.right, top, SMALL, { align: 'right', page });
  flow.label(footer.left, flow.left, top, SMALL, { maxWidth: flow.width - pageWidth - 24, page });
}
