import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { type PDFDocument, type PDFFont, PDFHexString } from 'pdf-lib';

/**
 * The typefaces every document embeds (docs/decisions/assessments.md, "Certification and the
 * certificate"): Inter, the web app's face, for the text, and Source Serif 4 for a certificate's
 * headings; both under the SIL Open Font License 1.1, as static TrueType files shipped by the
 * `@expo-google-fonts/*` packages. Each document embeds a subset (only the glyphs it uses), so a
 * one-page certificate carries a few kilobytes of font, and any character the faces have (’ – ·,
 * Māori macrons, most of Latin, Greek and Cyrillic) is written as it is.
 */
export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  /** The serif display face (Source Serif 4 SemiBold); the sans bold unless the document asked for it. */
  serif: PDFFont;
  /** The serif italic (Source Serif 4 Italic); the sans italic unless the document asked for it. */
  serifItalic: PDFFont;
}

type Face = keyof PdfFonts;

const FILES: Record<Face, string> = {
  regular: '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  bold: '@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf',
  italic: '@expo-google-fonts/inter/400Regular_Italic/Inter_400Regular_Italic.ttf',
  serif: '@expo-google-fonts/source-serif-4/600SemiBold/SourceSerif4_600SemiBold.ttf',
  serifItalic: '@expo-google-fonts/source-serif-4/400Regular_Italic/SourceSerif4_400Regular_Italic.ttf',
};

const require = createRequire(import.meta.url);
const bytes = new Map<Face, Uint8Array>();

/** A face's file, read once per process. */
export function fontBytes(face: Face): Uint8Array {
  let data = bytes.get(face);
  if (!data) {
    data = new Uint8Array(readFileSync(require.resolve(FILES[face])));
    bytes.set(face, data);
  }
  return data;
}

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type ParsedFont = ReturnType<Fontkit['create']>;

/** What fontkit's TrueType subset keeps while it writes a subset (its internals that the patch touches). */
interface TrueTypeSubset {
  glyf?: Uint8Array[];
  offset: number;
  _addGlyph(gid: number): number;
}

/**
 * fontkit's TrueType subset copies each glyph's bytes as they are and, when the offsets fit, writes
 * a short `loca` table, whose offsets are stored halved: a glyph of an odd length (the Google Fonts
 * builds do not pad their glyphs) shifts every glyph after it by one byte, and viewers draw those
 * as nothing (seen with Inter: most letters missing in poppler). Each glyph is padded to an even
 * length here, as the TrueType format asks of short offsets.
 */
function padGlyphs(font: ParsedFont): ParsedFont {
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset() as unknown as TrueTypeSubset;
    const addGlyph = subset._addGlyph.bind(subset);
    subset._addGlyph = (gid) => {
      const index = addGlyph(gid);
      const glyph = subset.glyf?.[index];
      if (glyph && glyph.length % 2 === 1) {
        // fontkit's bundle has a Buffer class of its own; its encoder takes only that one.
        const padded = (glyph.constructor as unknown as { alloc(size: number): Uint8Array }).alloc(
          glyph.length + 1,
        );
        padded.set(glyph);
        subset.glyf![index] = padded;
        subset.offset += 1;
      }
      return index;
    };
    return subset as unknown as ReturnType<ParsedFont['createSubset']>;
  };
  return font;
}

/**
 * fontkit with the parsed fonts kept: pdf-lib parses a font's file each time a document embeds it,
 * and a parsed font (its tables, its glyph and layout caches) is only read afterwards, so every
 * document of the process shares one per face.
 */
const parsed = new WeakMap<Uint8Array, ParsedFont>();
const cachingFontkit: Fontkit = {
  create(data, postscriptName) {
    if (postscriptName) return padGlyphs(fontkit.create(data, postscriptName));
    let font = parsed.get(data);
    if (!font) {
      font = padGlyphs(fontkit.create(data));
      parsed.set(data, font);
    }
    return font;
  },
};

/**
 * What pdf-lib reads of a glyph: its id, its advance in font units, and the text it stands for
 * (the ToUnicode map). The code point is ours: fontkit's glyph, once made without one (as a
 * component of an accented letter, by the subset), says none, and the text would read back as '�'.
 */
interface Glyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}

/** pdf-lib's subset embedder behind a PDFFont (its internals that `withoutShaping` replaces). */
interface SubsetEmbedder {
  font: ParsedFont;
  scale: number;
  subset: { includeGlyph(glyph: Glyph): number };
  glyphs: Glyph[];
  glyphIdMap: Map<number, number>;
  glyphCache: { invalidate(): void };
  encodeText(text: string): PDFHexString;
  widthOfTextAtSize(text: string, size: number): number;
}

const glyphTables = new WeakMap<ParsedFont, Map<number, Glyph>>();

/** The glyph of a character, remembered per parsed font (so across the process's documents). */
function glyphOf(font: ParsedFont, codePoint: number): Glyph {
  let table = glyphTables.get(font);
  if (!table) {
    table = new Map();
    glyphTables.set(font, table);
  }
  let glyph = table.get(codePoint);
  if (!glyph) {
    const { id, advanceWidth } = font.glyphForCodePoint(codePoint);
    glyph = { id, advanceWidth, codePoints: [codePoint] };
    table.set(codePoint, glyph);
  }
  return glyph;
}

/**
 * Text measured and written one glyph per character, without fontkit's shaping: pdf-lib runs the
 * whole OpenType layout (substitutions and positioning) for every width it measures and every line
 * it writes, which made a 150-indicator report forty times slower than with the standard fonts. The
 * documents need neither ligatures nor contextual forms (pdf-lib ignores the kerning the layout
 * computes anyway), so a character's glyph and advance are looked up once per process; what is
 * measured is exactly what is drawn.
 */
function withoutShaping(pdfFont: PDFFont): PDFFont {
  const embedder = (pdfFont as unknown as { embedder: SubsetEmbedder }).embedder;
  const { font } = embedder;
  embedder.widthOfTextAtSize = (text, size) => {
    let width = 0;
    for (const ch of text) width += glyphOf(font, ch.codePointAt(0)!).advanceWidth;
    return (width * embedder.scale * size) / 1000;
  };
  embedder.encodeText = (text) => {
    let hex = '';
    for (const ch of text) {
      const glyph = glyphOf(font, ch.codePointAt(0)!);
      let id = embedder.glyphIdMap.get(glyph.id);
      if (id === undefined) {
        id = embedder.subset.includeGlyph(glyph);
        embedder.glyphs[id - 1] = glyph;
        embedder.glyphIdMap.set(glyph.id, id);
        embedder.glyphCache.invalidate();
      }
      hex += id.toString(16).padStart(4, '0');
    }
    return PDFHexString.of(hex);
  };
  return pdfFont;
}

/**
 * Embeds the faces in `doc`, subset: the serif pair only when `serif` (a certificate), otherwise
 * they stand for the sans bold and italic so a report carries no face it never uses.
 */
export async function embedPdfFonts(doc: PDFDocument, options: { serif?: boolean } = {}): Promise<PdfFonts> {
  doc.registerFontkit(cachingFontkit);
  const embed = async (face: Face) => withoutShaping(await doc.embedFont(fontBytes(face), { subset: true }));
  const [regular, bold, italic] = await Promise.all([embed('regular'), embed('bold'), embed('italic')]);
  if (!options.serif) return { regular, bold, italic, serif: bold, serifItalic: italic };
  const [serif, serifItalic] = await Promise.all([embed('serif'), embed('serifItalic')]);
  return { regular, bold, italic, serif, serifItalic };
}
