import { LineCapStyle, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import type { PdfFlow } from './flow.ts';
import { pdfSafeText } from './text.ts';
import { PDF_COLORS, type PdfTextStyle, type PdfTone } from './theme.ts';

/** A rectangle with rounded corners; `y` is its bottom edge. */
export function roundedRect(
  page: PDFPage,
  box: { x: number; y: number; width: number; height: number; radius?: number },
  paint: { fill?: RGB; border?: RGB; borderWidth?: number },
): void {
  const { x, y, width: w, height: h } = box;
  const r = Math.min(box.radius ?? 3, w / 2, h / 2);
  // SVG paths run downwards from their origin, so the origin is the top-left corner.
  const path = [
    `M ${r} 0`,
    `H ${w - r}`,
    `Q ${w} 0 ${w} ${r}`,
    `V ${h - r}`,
    `Q ${w} ${h} ${w - r} ${h}`,
    `H ${r}`,
    `Q 0 ${h} 0 ${h - r}`,
    `V ${r}`,
    `Q 0 0 ${r} 0`,
    'Z',
  ].join(' ');
  page.drawSvgPath(path, {
    x,
    y: y + h,
    color: paint.fill,
    borderColor: paint.border,
    borderWidth: paint.border ? (paint.borderWidth ?? 0.75) : 0,
  });
}

/** A tick box `size` wide with its bottom-left corner at (x, y): filled with a tick when checked. */
export function checkbox(page: PDFPage, at: { x: number; y: number; size: number; checked: boolean }): void {
  const { x, y, size, checked } = at;
  roundedRect(
    page,
    { x, y, width: size, height: size, radius: size * 0.2 },
    checked
      ? { fill: PDF_COLORS.brand }
      : { fill: PDF_COLORS.white, border: PDF_COLORS.faint, borderWidth: 0.8 },
  );
  if (!checked) return;
  page.drawSvgPath(
    `M ${size * 0.22} ${size * 0.52} L ${size * 0.42} ${size * 0.72} L ${size * 0.78} ${size * 0.3}`,
    {
      x,
      y: y + size,
      borderColor: PDF_COLORS.white,
      borderWidth: size * 0.16,
      borderLineCap: LineCapStyle.Round,
    },
  );
}

const BADGE_PADDING_X = 6;

/** How wide `badge` draws this text. */
export function badgeWidth(flow: PdfFlow, text: string, style: PdfTextStyle): number {
  return flow.widthOf(text, style) + BADGE_PADDING_X * 2;
}

/** The height of a badge of this style. */
export function badgeHeight(style: PdfTextStyle): number {
  return style.size + 7;
}

/** Draws a badge of safe text in its box (`y` the bottom edge), the capitals centred. */
function drawBadge(
  page: PDFPage,
  font: PDFFont,
  text: string,
  box: { x: number; y: number; width: number; height: number },
  tone: PdfTone,
  size: number,
): void {
  roundedRect(page, { ...box, radius: box.height / 2 }, { fill: tone.fill, border: tone.border });
  page.drawText(text, {
    x: box.x + BADGE_PADDING_X,
    y: box.y + (box.height - size * 0.718) / 2,
    size,
    font,
    color: tone.color,
  });
}

/**
 * A filled, rounded label (a status or an answer) with its top-left corner at (x, top); returns
 * its width. Pass `align: 'right'` to end it at x instead.
 */
export function badge(
  flow: PdfFlow,
  text: string,
  at: { x: number; top: number; align?: 'left' | 'right'; page?: PDFPage },
  tone: PdfTone,
  style: PdfTextStyle,
): number {
  const font = flow.font(style);
  const safe = pdfSafeText(text, font).replace(/\s+/g, ' ').trim();
  const width = badgeWidth(flow, safe, style);
  const height = badgeHeight(style);
  const x = at.align === 'right' ? at.x - width : at.x;
  drawBadge(at.page ?? flow.page, font, safe, { x, y: at.top - height, width, height }, tone, style.size);
  return width;
}

/**
 * A badge drawn once as a stamp named `name` (see `PdfFlow.defineStamp`), for a label repeated
 * many times such as a must-have tag; place it with `flow.stamp(name, x, bottom)`.
 */
export async function defineBadgeStamp(
  flow: PdfFlow,
  name: string,
  text: string,
  tone: PdfTone,
  style: PdfTextStyle,
): Promise<{ width: number; height: number }> {
  const safe = pdfSafeText(text, flow.font(style));
  const size = { width: badgeWidth(flow, safe, style), height: badgeHeight(style) };
  await flow.defineStamp(name, size, (page, fonts) =>
    drawBadge(page, fonts[style.font ?? 'regular'], safe, { x: 0, y: 0, ...size }, tone, style.size),
  );
  return size;
}

/** Stamps of a tick box `size` wide, ticked and not: place with `stampCheckbox`. */
export async function defineCheckboxStamps(flow: PdfFlow, size: number): Promise<void> {
  for (const checked of [true, false]) {
    await flow.defineStamp(`checkbox:${checked}`, { width: size, height: size }, (page) =>
      checkbox(page, { x: 0, y: 0, size, checked }),
    );
  }
}

/** A tick box (`defineCheckboxStamps`) with its bottom-left corner at (x, y). */
export function stampCheckbox(flow: PdfFlow, x: number, y: number, checked: boolean): void {
  flow.stamp(`checkbox:${checked}`, x, y);
}
