import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfPageTexts } from '../testing/pdf-text.ts';
import { embedPdfFonts } from './fonts.ts';
import { fitText, pdfSafeText, wrapText } from './text.ts';

describe('PDF text', () => {
  let font: Awaited<ReturnType<PDFDocument['embedFont']>>;
  beforeAll(async () => {
    font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  });

  it('keeps WinAnsi, plain-writes look-alikes and accents, drops emoji, and never lets the font throw', () => {
    expect(pdfSafeText('Café “quoted” – 5 € • ok', font)).toBe('Café “quoted” – 5 € • ok');
    expect(pdfSafeText('Ōtautahi Łódź ≥ 3 → next', font)).toBe('Otautahi Lódz >= 3 -> next');
    expect(pdfSafeText('Thanks 👍🏽 team 🇦🇺!', font)).toBe('Thanks  team !');
    expect(pdfSafeText('東京\u0007tab\there\r\nnext', font)).toBe('?? tab here\nnext');
    expect(pdfSafeText('zero\u200Bwidth', font)).toBe('zerowidth');
    const everything = 'a😀b\u0000c\u{1F1E6}\uFFFF\u{10FFFF}d\u0301\uD800';
    expect(() => font.encodeText(pdfSafeText(everything, font))).not.toThrow();
  });

  it('wraps words within the width, breaks a word longer than the line, keeps one blank line between paragraphs', () => {
    const width = 100;
    const lines = wrapText(
      `The practice keeps a register.\n\n\n\nhttps://example.com/${'x'.repeat(80)} then more words here`,
      font,
      9,
      width,
    );
    for (const line of lines) expect(font.widthOfTextAtSize(line, 9)).toBeLessThanOrEqual(width);
    expect(lines[0]).toBe('The practice keeps a');
    expect(lines[1]).toBe('register.');
    expect(lines[2]).toBe('');
    expect(lines[3]?.startsWith('https://example.com/x')).toBe(true);
    expect(lines.join('').replace(/\s/g, '')).toBe(
      `Thepracticekeepsaregister.https://example.com/${'x'.repeat(80)}thenmorewordshere`,
    );
    expect(wrapText('\n\n  \n', font, 9, width)).toEqual([]);
  });

  it('cuts one line with an ellipsis to fit', () => {
    const text = fitText('Harbourside Family Medical and Wellbeing Centre', font, 10, 100);
    expect(text.endsWith('\u2026')).toBe(true);
    expect(font.widthOfTextAtSize(text, 10)).toBeLessThanOrEqual(100);
    expect(fitText('Short', font, 10, 100)).toBe('Short');
  });

  it('writes what the embedded faces have as it is (’ – · macrons), measures it as drawn, and reads it back', async () => {
    const doc = await PDFDocument.create();
    const fonts = await embedPdfFonts(doc, { serif: true });
    const text = 'Te Whatu Ora – Ōtautahi’s clinic · Māori health ≥ 3 → next';
    for (const face of ['regular', 'bold', 'italic', 'serif', 'serifItalic'] as const) {
      expect(pdfSafeText(text, fonts[face]), face).toBe(text);
    }
    expect(pdfSafeText('Thanks 👍🏽 team', fonts.regular)).toBe('Thanks  team');
    expect(() =>
      fonts.regular.encodeText(pdfSafeText('a😀b\u0000c\uFFFF\uD800', fonts.regular)),
    ).not.toThrow();
    // Widths add up per character: a line is as wide as its words and spaces.
    const words = fonts.regular.widthOfTextAtSize('Ōtautahi', 10) + fonts.regular.widthOfTextAtSize(' ', 10);
    expect(fonts.regular.widthOfTextAtSize('Ōtautahi ', 10)).toBeCloseTo(words, 6);
    const page = doc.addPage();
    page.drawText(text, { x: 20, y: 700, size: 10, font: fonts.regular });
    page.drawText('Certificate of Accreditation', { x: 20, y: 600, size: 30, font: fonts.serif });
    const bytes = await doc.save();
    expect(await pdfPageTexts(bytes)).toEqual([`${text}\nCertificate of Accreditation`]);
    // Subset: a page of two lines carries a few kilobytes of font, not the faces' 300 KB each.
    expect(bytes.byteLength).toBeLessThan(40_000);
  });
});
