import { deflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFContentStream,
  PDFDocument,
  type PDFEmbeddedPage,
  type PDFFont,
  PDFName,
  type PDFPage,
  PDFRawStream,
  type PDFRef,
  type RGB,
} from 'pdf-lib';
import { embedPdfFonts, type PdfFonts } from './fonts.ts';
import { fitText, pdfSafeText, wrapText } from './text.ts';
import { PDF_COLORS, type PdfTextStyle } from './theme.ts';

/** A4 portrait in points. */
export const A4: readonly [number, number] = [595.28, 841.89];

export interface PdfMargins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface PdfFlowOptions {
  title: string;
  subject?: string;
  author?: string;
  pageSize?: readonly [number, number];
  margins?: Partial<PdfMargins>;
  /** Draws what every page carries outside the flow (a running header), on each new page. */
  onNewPage?: (flow: PdfFlow, pageNumber: number) => void;
  /** The document's creation date (metadata); now unless given. */
  createdAt?: Date;
  /** Embeds the serif display faces too (`serif`, `serifItalic`; a certificate's headings). */
  serif?: boolean;
}

/** Room around a stamp's drawing, so strokes on its edge are not clipped. */
const STAMP_BLEED = 1;

const DEFAULT_MARGINS: PdfMargins = { top: 60, right: 50, bottom: 60, left: 50 };

/**
 * A document written top to bottom: a cursor (`y`, the top of what comes next) that moves down
 * the page, text that wraps in a column and carries on over a page break line by line, and
 * `ensure` to keep a block together. Pages get their running header when they start
 * (`onNewPage`) and their footer once the page count is known (`save`). Every string passes
 * through `pdfSafeText`, so a character the embedded faces lack cannot make pdf-lib throw.
 */
export class PdfFlow {
  page!: PDFPage;
  /** The top of the next thing written, in points from the bottom of the page. */
  y = 0;
  /**
   * Called after a page break the flow made by itself (inside `text` or `ensure`, never after
   * `newPage`): repeats a heading, "continued", and so on. Clear it when the block ends.
   */
  onContinue: (() => void) | null = null;
  readonly margins: PdfMargins;
  private readonly stamps = new Map<string, PDFEmbeddedPage>();

  private constructor(
    readonly doc: PDFDocument,
    readonly fonts: PdfFonts,
    readonly pageSize: readonly [number, number],
    margins: PdfMargins,
    private readonly onNewPage: PdfFlowOptions['onNewPage'],
  ) {
    this.margins = margins;
  }

  static async create(options: PdfFlowOptions): Promise<PdfFlow> {
    const doc = await PDFDocument.create();
    const createdAt = options.createdAt ?? new Date();
    doc.setTitle(options.title, { showInWindowTitleBar: true });
    if (options.subject) doc.setSubject(options.subject);
    if (options.author) doc.setAuthor(options.author);
    doc.setCreator(options.author ?? 'Connect');
    doc.setProducer('pdf-lib');
    doc.setLanguage('en-AU');
    doc.setCreationDate(createdAt);
    doc.setModificationDate(createdAt);
    const flow = new PdfFlow(
      doc,
      await embedPdfFonts(doc, { serif: options.serif }),
      options.pageSize ?? A4,
      { ...DEFAULT_MARGINS, ...options.margins },
      options.onNewPage,
    );
    flow.newPage();
    return flow;
  }

  get pageWidth(): number {
    return this.pageSize[0];
  }
  get pageHeight(): number {
    return this.pageSize[1];
  }
  get left(): number {
    return this.margins.left;
  }
  get right(): number {
    return this.pageWidth - this.margins.right;
  }
  /** Width of the column between the margins. */
  get width(): number {
    return this.right - this.left;
  }
  /** The lowest the content may reach. */
  get bottom(): number {
    return this.margins.bottom;
  }
  /** The highest the content starts on a page. */
  get top(): number {
    return this.pageHeight - this.margins.top;
  }
  /** Space left on this page. */
  get remaining(): number {
    return this.y - this.bottom;
  }
  get pageNumber(): number {
    return this.doc.getPageCount();
  }

  /**
   * Draws a shape once into a form the file stores once (a tick box, a tag), for `stamp` to
   * place wherever it is needed: a thousand identical shapes then cost a thousand small
   * operators instead of a thousand paths. `draw` gets a page `width` × `height` and the fonts.
   */
  async defineStamp(
    name: string,
    size: { width: number; height: number },
    draw: (page: PDFPage, fonts: PdfFonts) => void,
  ): Promise<void> {
    const scratch = await PDFDocument.create();
    const page = scratch.addPage([size.width + 2 * STAMP_BLEED, size.height + 2 * STAMP_BLEED]);
    draw(page, await embedPdfFonts(scratch));
    page.translateContent(STAMP_BLEED, STAMP_BLEED);
    // Writes the scratch document's fonts, so the copy into this one finds them.
    await scratch.flush();
    const [form] = await this.doc.embedPages([page]);
    this.stamps.set(name, form!);
  }

  /** Places a stamp (`defineStamp`) with its bottom-left corner at (x, y). */
  stamp(name: string, x: number, y: number): void {
    const form = this.stamps.get(name);
    if (!form) throw new Error(`no stamp named ${name}`);
    this.page.drawPage(form, { x: x - STAMP_BLEED, y: y - STAMP_BLEED });
  }

  /** Starts a new page with the cursor at its top. */
  newPage(): void {
    this.page = this.doc.addPage([this.pageWidth, this.pageHeight]);
    this.y = this.top;
    this.onNewPage?.(this, this.pageNumber);
  }

  /** Makes room for a block `height` high: a new page when it does not fit. True when it broke. */
  ensure(height: number): boolean {
    if (this.y - height >= this.bottom || this.y === this.top) return false;
    this.newPage();
    this.onContinue?.();
    return true;
  }

  down(points: number): void {
    this.y -= points;
  }

  font(style: PdfTextStyle): PDFFont {
    return this.fonts[style.font ?? 'regular'];
  }

  lineHeight(style: PdfTextStyle): number {
    return style.size * (style.leading ?? 1.35);
  }

  /** The lines `text` takes in a column `width` wide. */
  lines(text: string, style: PdfTextStyle, width = this.width): string[] {
    return wrapText(text, this.font(style), style.size, width);
  }

  /** How high `text` is in a column `width` wide. */
  measure(text: string, style: PdfTextStyle, width = this.width): number {
    return this.lines(text, style, width).length * this.lineHeight(style);
  }

  /** Width of one line of text (made safe for the font first). */
  widthOf(text: string, style: PdfTextStyle): number {
    const font = this.font(style);
    return font.widthOfTextAtSize(pdfSafeText(text, font), style.size);
  }

  /**
   * Writes `text` at the cursor, wrapped in the column from `x` (the left margin) `width` wide
   * (to the right margin), moving the cursor below it; a page break falls between two lines.
   */
  text(text: string, style: PdfTextStyle, column: { x?: number; width?: number } = {}): void {
    const x = column.x ?? this.left;
    const lineHeight = this.lineHeight(style);
    for (const line of this.lines(text, style, column.width ?? this.right - x)) {
      this.ensure(lineHeight);
      this.writeLine(line, x, this.y, style);
      this.y -= lineHeight;
    }
  }

  /** Draws lines already wrapped by `lines`, the first line box's top at `top`. */
  writeLines(lines: readonly string[], x: number, top: number, style: PdfTextStyle): void {
    const lineHeight = this.lineHeight(style);
    lines.forEach((line, index) => {
      this.writeLine(line, x, top - index * lineHeight, style);
    });
  }

  /**
   * One line of text whose line box has its top at `top`, cut with an ellipsis beyond
   * `maxWidth`; right-aligned at `x` when `align` is 'right'. Does not move the cursor.
   */
  label(
    text: string,
    x: number,
    top: number,
    style: PdfTextStyle,
    options: { maxWidth?: number; align?: 'left' | 'right'; page?: PDFPage } = {},
  ): number {
    const font = this.font(style);
    const room = options.align === 'right' ? x - this.left : this.right - x;
    const line = fitText(text, font, style.size, options.maxWidth ?? room);
    const width = font.widthOfTextAtSize(line, style.size);
    this.writeLine(line, options.align === 'right' ? x - width : x, top, style, options.page);
    return width;
  }

  /** A horizontal line across the column (or from `x1` to `x2`) at the cursor. */
  rule(
    options: { color?: RGB; thickness?: number; x1?: number; x2?: number; y?: number; page?: PDFPage } = {},
  ): void {
    const y = options.y ?? this.y;
    (options.page ?? this.page).drawLine({
      start: { x: options.x1 ?? this.left, y },
      end: { x: options.x2 ?? this.right, y },
      thickness: options.thickness ?? 0.5,
      color: options.color ?? PDF_COLORS.rule,
    });
  }

  /**
   * The finished file. `decorate` draws on every page once the count is known (footers with
   * "Page n of N").
   */
  async save(decorate?: (page: PDFPage, pageNumber: number, pageCount: number) => void): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    if (decorate) {
      pages.forEach((page, index) => {
        decorate(page, index + 1, pages.length);
      });
    }
    for (const page of pages) this.compressContents(page);
    return this.doc.save();
  }

  /**
   * Compresses the page's content streams with Node's zlib: pdf-lib would deflate them in
   * JavaScript at save, which is most of the time a long report takes.
   */
  private compressContents(page: PDFPage): void {
    const { context } = this.doc;
    const contents = page.node.Contents();
    if (!(contents instanceof PDFArray)) return;
    for (const ref of contents.asArray()) {
      const stream = context.lookup(ref);
      if (!(stream instanceof PDFContentStream)) continue;
      const dict = stream.dict.clone(context);
      dict.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
      context.assign(ref as PDFRef, PDFRawStream.of(dict, deflateSync(stream.getUnencodedContents())));
    }
  }

  /** Draws an already safe line; the baseline sits so the glyphs centre in the line box. */
  private writeLine(line: string, x: number, top: number, style: PdfTextStyle, page = this.page): void {
    if (!line) return;
    const baseline = top - this.lineHeight(style) / 2 - style.size * 0.255;
    page.drawText(line, {
      x,
      y: baseline,
      size: style.size,
      font: this.font(style),
      color: style.color ?? PDF_COLORS.text,
    });
  }
}
