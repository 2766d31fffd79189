import { type RGB, rgb } from 'pdf-lib';
import type { PdfFonts } from './fonts.ts';

const hex = (value: string): RGB =>
  rgb(
    Number.parseInt(value.slice(1, 3), 16) / 255,
    Number.parseInt(value.slice(3, 5), 16) / 255,
    Number.parseInt(value.slice(5, 7), 16) / 255,
  );

/** How a run of text is drawn: size, face, colour and line height. */
export interface PdfTextStyle {
  size: number;
  font?: keyof PdfFonts;
  color?: RGB;
  /** Line height as a multiple of the size; 1.35 unless given. */
  leading?: number;
}

/** The colours of the product's documents: the web app's brand teal and Mantine's greys and tones. */
export const PDF_COLORS = {
  ink: hex('#1f2933'),
  text: hex('#343a40'),
  muted: hex('#5c6670'),
  faint: hex('#8a949e'),
  rule: hex('#dee2e6'),
  surface: hex('#f8f9fa'),
  white: rgb(1, 1, 1),
  brand: hex('#006e66'),
  brandDark: hex('#005f58'),
  brandLight: hex('#e6f5f3'),
  brandLine: hex('#9dd1cb'),
  success: hex('#2b8a3e'),
  successLight: hex('#ebfbee'),
  danger: hex('#c92a2a'),
  dangerLight: hex('#fff5f5'),
  warning: hex('#b35c00'),
  warningLight: hex('#fff4e6'),
  neutral: hex('#495057'),
  neutralLight: hex('#f1f3f5'),
} as const;

/** A tone of a badge: its text colour, its fill and, when it has one, its border. */
export interface PdfTone {
  color: RGB;
  fill: RGB;
  border?: RGB;
}

export const PDF_TONES = {
  brand: { color: PDF_COLORS.brandDark, fill: PDF_COLORS.brandLight },
  success: { color: PDF_COLORS.success, fill: PDF_COLORS.successLight },
  danger: { color: PDF_COLORS.danger, fill: PDF_COLORS.dangerLight },
  warning: { color: PDF_COLORS.warning, fill: PDF_COLORS.warningLight },
  neutral: { color: PDF_COLORS.neutral, fill: PDF_COLORS.neutralLight },
  outline: { color: PDF_COLORS.muted, fill: PDF_COLORS.white, border: PDF_COLORS.rule },
} as const satisfies Record<string, PdfTone>;

/** The text styles every document's header and sections share (see `drawDocumentHeader`). */
export const PDF_TEXT = {
  eyebrow: { size: 8, font: 'bold', color: PDF_COLORS.brand },
  title: { size: 20, font: 'bold', color: PDF_COLORS.ink, leading: 1.2 },
  subtitle: { size: 11, color: PDF_COLORS.muted },
  fieldLabel: { size: 7, font: 'bold', color: PDF_COLORS.faint },
  fieldValue: { size: 10, font: 'bold', color: PDF_COLORS.ink },
  heading: { size: 12, font: 'bold', color: PDF_COLORS.ink },
} as const satisfies Record<string, PdfTextStyle>;
