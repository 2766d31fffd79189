import type { PdfFlow } from './flow.ts';
import { roundedRect } from './shapes.ts';
import { PDF_COLORS, PDF_TEXT, type PdfTextStyle, type PdfTone } from './theme.ts';

/** One figure of a row of cards: its label, the value, a note beside it, a progress bar. */
export interface PdfCard {
  label: string;
  value: string;
  note?: string;
  color?: PdfTone['color'];
  /** A share from 0 to 1 drawn as a bar under the value. */
  progress?: number;
}

const VALUE: PdfTextStyle = { size: 16, font: 'bold', color: PDF_COLORS.ink, leading: 1.1 };
const NOTE: PdfTextStyle = { size: 8, color: PDF_COLORS.muted };

/**
 * A row of equal cards at the cursor (a label of two lines at most, a big value and its note, an
 * optional progress bar), kept on one page; the cursor ends below them.
 */
export function drawCards(flow: PdfFlow, cards: readonly PdfCard[]): void {
  const gap = 8;
  const height = 62;
  const width = (flow.width - gap * (cards.length - 1)) / cards.length;
  const inner = width - 20;
  flow.ensure(height);
  cards.forEach((card, index) => {
    const x = flow.left + index * (width + gap);
    const top = flow.y;
    roundedRect(
      flow.page,
      { x, y: top - height, width, height, radius: 5 },
      { fill: PDF_COLORS.surface, border: PDF_COLORS.rule },
    );
    flow.writeLines(
      flow.lines(card.label.toUpperCase(), PDF_TEXT.fieldLabel, inner).slice(0, 2),
      x + 10,
      top - 9,
      PDF_TEXT.fieldLabel,
    );
    const valueTop = top - 30;
    const valueStyle = { ...VALUE, color: card.color ?? PDF_COLORS.ink };
    const valueWidth = flow.label(card.value, x + 10, valueTop, valueStyle, { maxWidth: inner });
    if (card.note) {
      flow.label(card.note, x + 14 + valueWidth, valueTop - 5, NOTE, {
        maxWidth: Math.max(0, inner - valueWidth - 4),
      });
    }
    if (card.progress !== undefined) {
      const barY = top - height + 9;
      roundedRect(
        flow.page,
        { x: x + 10, y: barY, width: inner, height: 4, radius: 2 },
        { fill: PDF_COLORS.rule },
      );
      const done = Math.max(0, Math.min(1, card.progress)) * inner;
      if (done > 0) {
        roundedRect(
          flow.page,
          { x: x + 10, y: barY, width: Math.max(done, 4), height: 4, radius: 2 },
          { fill: PDF_COLORS.brand },
        );
      }
    }
  });
  flow.down(height + gap);
}

/**
 * A row of labelled values under a document's header (STATUS, DUE DATE, …) in equal columns; the
 * cursor ends below it.
 */
export function drawFieldRow(flow: PdfFlow, fields: readonly (readonly [string, string])[]): void {
  const columnWidth = flow.width / fields.length;
  const valueTop = flow.y - flow.lineHeight(PDF_TEXT.fieldLabel) - 1;
  fields.forEach(([label, value], index) => {
    const x = flow.left + index * columnWidth;
    flow.label(label, x, flow.y, PDF_TEXT.fieldLabel, { maxWidth: columnWidth - 8 });
    flow.label(value, x, valueTop, PDF_TEXT.fieldValue, { maxWidth: columnWidth - 8 });
  });
  flow.y = valueTop - flow.lineHeight(PDF_TEXT.fieldValue) - 16;
}
