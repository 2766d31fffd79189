import type { PDFFont } from 'pdf-lib';

/**
 * Text as a document's font can write it. pdf-lib throws on a character its font cannot encode
 * (the embedded faces lack CJK and emoji; a standard font encodes WinAnsi only), so every string
 * goes through `pdfSafeText` before it is measured or drawn: whatever the font has is kept as it is;
 * otherwise typographic look-alikes become their plain form, accented letters lose the accent,
 * emoji and invisible format characters are dropped, control characters become spaces, and
 * whatever is left is written as '?'.
 */

const charsets = new WeakMap<PDFFont, Set<number>>();

function charsetOf(font: PDFFont): Set<number> {
  let set = charsets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsets.set(font, set);
  }
  return set;
}

/** Look-alikes outside WinAnsi whose meaning a plain character keeps. */
const SUBSTITUTES: Readonly<Record<string, string>> = {
  // Letters with a stroke have no decomposition to strip.
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0126': 'H',
  '\u0127': 'h',
  '\u0131': 'i',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2043': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2190': '<-',
  '\u2192': '->',
  '\u2194': '<->',
  '\u21D2': '=>',
  '\u2713': '/',
  '\u2714': '/',
  '\u2715': 'x',
  '\u2717': 'x',
  '\u25CF': '\u2022',
  '\u25AA': '\u2022',
  '\u25E6': '\u2022',
  '\u2219': '\u2022',
};

/** Characters that show nothing or only decorate (emoji, skin tones, joiners, variation selectors). */
const DROPPED =
  /\p{Cf}|\p{Mn}|\p{Me}|\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|[\uFE00-\uFE0F]/u;
const SPACES = /[\p{Zs}\u2028\u2029]/u;

/** The text with line breaks as '\n' and every other character writable in `font`. */
export function pdfSafeText(text: string, font: PDFFont): string {
  const set = charsetOf(font);
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n').normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\n') out += '\n';
    else if (set.has(code)) out += ch;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0) || SPACES.test(ch)) out += ' ';
    else if (SUBSTITUTES[ch] !== undefined) out += SUBSTITUTES[ch];
    else if (DROPPED.test(ch)) continue;
    else {
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base && [...base].every((c) => set.has(c.codePointAt(0) ?? 0)) ? base : '?';
    }
  }
  return out;
}

const widths = new WeakMap<PDFFont, Map<string, number>>();

/** Width of a safe word at size 1, remembered per font: reports repeat the same words a lot. */
function wordWidth(font: PDFFont, word: string, size: number): number {
  let cache = widths.get(font);
  if (!cache) {
    cache = new Map();
    widths.set(font, cache);
  }
  let width = cache.get(word);
  if (width === undefined) {
    width = font.widthOfTextAtSize(word, 1);
    cache.set(word, width);
  }
  return width * size;
}

/** Splits a word wider than the line into pieces that fit, character by character. */
function breakWord(word: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let width = 0;
  for (const ch of word) {
    const w = wordWidth(font, ch, size);
    if (piece && width + w > maxWidth) {
      pieces.push(piece);
      piece = '';
      width = 0;
    }
    piece += ch;
    width += w;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * The lines `text` takes in a column `maxWidth` wide: paragraphs kept (one blank line at most
 * between them, none at either end), words wrapped at spaces, a word longer than the line broken
 * where it must be. Safe for the font (see `pdfSafeText`).
 */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  const space = wordWidth(font, ' ', size);
  for (const paragraph of pdfSafeText(text, font).split('\n')) {
    const words = paragraph.split(' ').filter(Boolean);
    if (words.length === 0) {
      if (lines.length > 0 && lines[lines.length - 1] !== '') lines.push('');
      continue;
    }
    let line = '';
    let width = 0;
    for (const word of words) {
      const w = wordWidth(font, word, size);
      if (line && width + space + w <= maxWidth) {
        line += ` ${word}`;
        width += space + w;
        continue;
      }
      if (line) lines.push(line);
      if (w <= maxWidth) {
        line = word;
        width = w;
        continue;
      }
      const pieces = breakWord(word, font, size, maxWidth);
      lines.push(...pieces.slice(0, -1));
      line = pieces[pieces.length - 1] ?? '';
      width = wordWidth(font, line, size);
    }
    if (line) lines.push(line);
  }
  while (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** One line of text cut with an ellipsis to fit `maxWidth` (running headers, table cells). */
export function fitText(text: string, font: PDFFont, size: number, maxWidth: number): string {
  const safe = pdfSafeText(text, font).replace(/\s+/g, ' ').trim();
  if (font.widthOfTextAtSize(safe, size) <= maxWidth) return safe;
  const cut = (end: number) => `${safe.slice(0, end).trimEnd()}\u2026`;
  // The longest start that fits with the ellipsis: a binary search over its length.
  let fits = 0;
  let tooLong = safe.length;
  while (tooLong - fits > 1) {
    const mid = (fits + tooLong) >> 1;
    if (font.widthOfTextAtSize(cut(mid), size) <= maxWidth) fits = mid;
    else tooLong = mid;
  }
  return cut(fits);
}
