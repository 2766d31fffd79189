import type { PDFPage } from 'pdf-lib';
import type { PdfFlow } from './flow.ts';
import { PDF_COLORS, PDF_TEXT } from './theme.ts';

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

/**
 * The top of a document's first page: a small brand-coloured line saying what it is, the title
 * (wrapping), an optional subtitle, and a brand rule; the cursor ends below it.
 */
export function drawDocumentHeader(
  flow: PdfFlow,
  header: { eyebrow: string; title: string; subtitle?: string | null },
): void {
  flow.label(header.eyebrow, flow.left, flow.y, PDF_TEXT.eyebrow);
  flow.down(flow.lineHeight(PDF_TEXT.eyebrow) + 6);
  flow.text(header.title, PDF_TEXT.title);
  flow.down(2);
  if (header.subtitle) flow.text(header.subtitle, PDF_TEXT.subtitle);
  flow.down(10);
  flow.rule({ color: PDF_COLORS.brand, thickness: 1.5 });
  flow.down(12);
}
