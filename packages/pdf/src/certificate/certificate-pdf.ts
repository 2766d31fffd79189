import { certificateTypeLabel, formatDayMonthYear, type TCertificateSize } from '@portal/domain';
import type { PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { A4, PDF_COLORS, PdfFlow, type PdfTextStyle, roundedRect } from '../kit/index.ts';

/** What a certificate shows. Dates are yyyy-MM-dd. */
export interface TCertificatePdf {
  id: number;
  /** ACCREDITATION, REGISTRATION or EXTENSION. */
  type: string;
  /** The practice's name as certified (certificates.name). */
  name: string;
  /** The name the practice trades under (its organisation's name). */
  tradingName: string;
  legalEntityName: string | null;
  /** Each site the certificate covers, as one line of address. */
  locations: readonly string[];
  /** The standards it was assessed against (the survey version's name), when known. */
  standards: string | null;
  issuingProvider: string;
  certificationDate: string;
  issueDate: string;
  commencementDate: string | null;
  expiryDate: string;
  condition: string | null;
  certifiedBy: string | null;
  /** The printed number (certificates.certificate_number); the padded id for older certificates. */
  certificateNumber?: string | null;
  /** The public code and the page that checks it (`<PUBLIC_URL>/verify/<code>`), with its QR code. */
  verificationCode?: string | null;
  verifyUrl?: string | null;
}

/** Landscape pages in points: A4, and A3 (A4 scaled by √2, so one design serves both). */
export const CERTIFICATE_PAGE_SIZES: Record<TCertificateSize, readonly [number, number]> = {
  A4: [A4[1], A4[0]],
  A3: [1190.55, 841.89],
};
const FRAME = 22;
const QR_SIZE = 84;
/** The QR code's bottom edge, from the page's bottom: clear of the frame's hairline (FRAME + 7). */
const QR_Y = FRAME + 22;

const STATEMENT: Record<string, (standards: string, provider: string) => string> = {
  ACCREDITATION: (standards, provider) =>
    `has met the requirements of the ${standards} and is accredited by ${provider}.`,
  REGISTRATION: (standards, provider) =>
    `is registered with ${provider} for accreditation against the ${standards}.`,
  EXTENSION: (standards, provider) =>
    `has been granted an extension of its accreditation against the ${standards} by ${provider}.`,
};

/**
 * A certificate as a PDF (pdf-lib, the product's PDF layer): one framed landscape page, A3 unless
 * A4 is asked for, with the practice, its trading name and every site, what it is certified for,
 * by whom, the dates that make it valid, its number, and the verification code with a QR code of
 * the public verify page. The page is laid out at A4 and scaled for A3, so the two sizes are the
 * same certificate.
 */
export async function renderCertificatePdf(
  certificate: TCertificatePdf,
  size: TCertificateSize = 'A3',
): Promise<Uint8Array> {
  // Laid out once to see the room left above the foot, then again lowered by half of it (at most
  // MAX_SHIFT), so a short certificate sits balanced on the page rather than hang from its top.
  const draft = await compose(certificate, 0);
  const slack = draft.bottom - FOOT_TOP - 24;
  const shift = Math.min(Math.max(0, slack / 2), MAX_SHIFT);
  const { flow } = shift >= 4 ? await compose(certificate, shift) : draft;
  drawFoot(flow, certificate);
  if (size !== 'A4') {
    const sized = CERTIFICATE_PAGE_SIZES[size];
    const scale = Math.min(sized[0] / flow.pageWidth, sized[1] / flow.pageHeight);
    flow.page.scaleContent(scale, scale);
    flow.page.setSize(sized[0], sized[1]);
  }
  return flow.save();
}

/** Where the foot (certifier, number, verification code and QR code) begins, from the page's bottom. */
const FOOT_TOP = QR_Y + QR_SIZE + 8;
/** The most a short certificate's content is lowered to balance it on the page. */
const MAX_SHIFT = 56;

/** Everything above the foot, `shift` points lower than the top margin; answers where it ended. */
async function compose(
  certificate: TCertificatePdf,
  shift: number,
): Promise<{ flow: PdfFlow; bottom: number }> {
  const type = certificateTypeLabel(certificate.type);
  const title = `Certificate of ${type}`;
  const flow = await PdfFlow.create({
    title: `${certificate.name} - ${title}`,
    subject: `${title} issued by ${certificate.issuingProvider}`,
    author: certificate.issuingProvider,
    pageSize: CERTIFICATE_PAGE_SIZES.A4,
    margins: { top: 64 + shift, right: 72, bottom: 60, left: 72 },
    serif: true,
  });
  drawFrame(flow.page, flow.pageWidth, flow.pageHeight);
  drawTitle(flow, certificate, title);
  drawDates(flow, certificate);
  drawParticulars(flow, certificate, type);
  if (certificate.condition) drawCondition(flow, certificate.condition);
  return { flow, bottom: flow.y };
}

/** The small capitals over each date and particular, and their values. */
const LABEL: PdfTextStyle = { size: 7.5, font: 'bold', color: PDF_COLORS.muted };
const VALUE: PdfTextStyle = { size: 10.5, color: PDF_COLORS.ink };

/** Lines of `text` centred on the page, then `gapAfter` points. */
function centred(flow: PdfFlow, text: string, style: PdfTextStyle, gapAfter = 0, measure = flow.width) {
  const width = flow.pageWidth;
  for (const line of flow.lines(text, style, measure)) {
    flow.label(line, (width - flow.widthOf(line, style)) / 2, flow.y, style);
    flow.down(flow.lineHeight(style));
  }
  flow.down(gapAfter);
}

/** The provider, the certificate's title, the practice and what it is certified for. */
function drawTitle(flow: PdfFlow, certificate: TCertificatePdf, title: string) {
  const width = flow.pageWidth;
  centred(
    flow,
    certificate.issuingProvider.toUpperCase(),
    { size: 11, font: 'bold', color: PDF_COLORS.brand },
    6,
  );
  flow.rule({ x1: width / 2 - 40, x2: width / 2 + 40, color: PDF_COLORS.brand, thickness: 1.5 });
  flow.down(16);
  centred(flow, title, { size: 34, font: 'serif', color: PDF_COLORS.ink, leading: 1.15 }, 10);
  centred(flow, 'This is to certify that', { size: 13, font: 'serifItalic', color: PDF_COLORS.muted }, 6);
  centred(flow, certificate.name, { size: 26, font: 'serif', color: PDF_COLORS.brandDark, leading: 1.2 }, 6);
  const statement = STATEMENT[certificate.type] ?? STATEMENT.ACCREDITATION!;
  centred(
    flow,
    statement(
      certificate.standards ?? 'national standards for general practice',
      certificate.issuingProvider,
    ),
    { size: 12, color: PDF_COLORS.text, leading: 1.45 },
    14,
    flow.width * 0.78,
  );
}

/** The dates across the page between two rules. */
function drawDates(flow: PdfFlow, certificate: TCertificatePdf) {
  const dates: Array<[string, string]> = [
    ['Certification date', formatDayMonthYear(certificate.certificationDate)],
    ['Issue date', formatDayMonthYear(certificate.issueDate)],
    ...(certificate.commencementDate
      ? [['Commencement date', formatDayMonthYear(certificate.commencementDate)] as [string, string]]
      : []),
    ['Expiry date', formatDayMonthYear(certificate.expiryDate)],
  ];
  flow.rule({ color: PDF_COLORS.rule });
  flow.down(8);
  const cell = flow.width / dates.length;
  dates.forEach(([name, text], index) => {
    const centre = flow.left + cell * index + cell / 2;
    const upper = name.toUpperCase();
    flow.label(upper, centre - flow.widthOf(upper, LABEL) / 2, flow.y, LABEL);
    const strong: PdfTextStyle = { ...VALUE, font: 'bold', size: 12 };
    flow.label(text, centre - flow.widthOf(text, strong) / 2, flow.y - flow.lineHeight(LABEL) - 1, strong);
  });
  flow.down(flow.lineHeight(LABEL) + 1 + flow.lineHeight({ size: 12 }) + 8);
  flow.rule({ color: PDF_COLORS.rule });
  flow.down(10);
}

/** Who and what on the left (trading name, legal entity, certification), where on the right. */
function drawParticulars(flow: PdfFlow, certificate: TCertificatePdf, type: string) {
  const gutter = 36;
  const columnWidth = (flow.width - gutter) / 2;
  const column = (x: number, rows: Array<[string, string, PdfTextStyle?]>) => {
    const top = flow.y;
    for (const [name, text, style] of rows) {
      flow.label(name.toUpperCase(), x, flow.y, LABEL);
      flow.down(flow.lineHeight(LABEL) + 1);
      flow.text(text, style ?? VALUE, { x, width: columnWidth });
      flow.down(6);
    }
    const bottom = flow.y;
    flow.y = top;
    return bottom;
  };
  const many = certificate.locations.length;
  const locationStyle: PdfTextStyle = {
    ...VALUE,
    size: many > 6 ? 8.5 : many > 3 ? 9.5 : 10.5,
    leading: 1.3,
  };
  const left = column(flow.left, [
    ['Trading name', certificate.tradingName],
    ['Legal entity', certificate.legalEntityName ?? certificate.tradingName],
    ['Certification', `${type}${certificate.standards ? `, ${certificate.standards}` : ''}`],
  ]);
  const right = column(flow.left + columnWidth + gutter, [
    [many > 1 ? `Locations (${many})` : 'Location', certificate.locations.join('\n') || '-', locationStyle],
  ]);
  flow.y = Math.min(left, right);
}

/** The condition in a tinted box; it shrinks to the room left above the foot rather than run into it. */
function drawCondition(flow: PdfFlow, condition: string) {
  let style: PdfTextStyle = { size: 9.5, color: PDF_COLORS.warning };
  let lines = flow.lines(`Condition: ${condition}`, style, flow.width - 20);
  const room = flow.y - FOOT_TOP - 12;
  while (style.size > 6 && lines.length * flow.lineHeight(style) + 12 > room) {
    style = { ...style, size: style.size - 0.5 };
    lines = flow.lines(`Condition: ${condition}`, style, flow.width - 20);
  }
  const boxHeight = lines.length * flow.lineHeight(style) + 12;
  roundedRect(
    flow.page,
    { x: flow.left, y: flow.y - boxHeight, width: flow.width, height: boxHeight, radius: 4 },
    { fill: PDF_COLORS.warningLight },
  );
  flow.writeLines(lines, flow.left + 10, flow.y - 6, style);
  flow.down(boxHeight);
}

/** The brand border with a hairline inside it. */
function drawFrame(page: PDFPage, width: number, height: number): void {
  roundedRect(
    page,
    { x: FRAME, y: FRAME, width: width - 2 * FRAME, height: height - 2 * FRAME, radius: 6 },
    { border: PDF_COLORS.brand, borderWidth: 2.5 },
  );
  roundedRect(
    page,
    { x: FRAME + 7, y: FRAME + 7, width: width - 2 * FRAME - 14, height: height - 2 * FRAME - 14, radius: 4 },
    { border: PDF_COLORS.brandLine, borderWidth: 0.75 },
  );
}

/**
 * The foot: who certified it over a signature line and the certificate's number on the left; the
 * verification code, the address that checks it and its QR code on the right.
 */
function drawFoot(flow: PdfFlow, certificate: TCertificatePdf): void {
  const small: PdfTextStyle = { size: 8.5, color: PDF_COLORS.muted };
  const number = certificate.certificateNumber ?? String(certificate.id).padStart(6, '0');
  // The lowest lines of both sides end level with the QR code's bottom.
  const bottomLineTop = QR_Y + 14;
  if (certificate.certifiedBy) {
    flow.rule({ x1: flow.left, x2: flow.left + 220, y: bottomLineTop + 32, color: PDF_COLORS.muted });
    flow.label(`Certified by ${certificate.certifiedBy}`, flow.left, bottomLineTop + 28, {
      size: 9.5,
      font: 'bold',
      color: PDF_COLORS.ink,
    });
  }
  flow.label(
    `Certificate no. ${number} \u00b7 Issued by ${certificate.issuingProvider}`,
    flow.left,
    bottomLineTop,
    small,
  );
  if (!certificate.verificationCode) return;
  const qrX = flow.right - QR_SIZE;
  if (certificate.verifyUrl) drawQrCode(flow.page, certificate.verifyUrl, qrX, QR_Y, QR_SIZE);
  const textRight = certificate.verifyUrl ? qrX - 14 : flow.right;
  const labelStyle: PdfTextStyle = { size: 7.5, font: 'bold', color: PDF_COLORS.muted };
  const codeStyle: PdfTextStyle = { size: 14, font: 'bold', color: PDF_COLORS.brandDark };
  if (certificate.verifyUrl) {
    flow.label(
      certificate.verifyUrl,
      textRight,
      bottomLineTop,
      { ...small, color: PDF_COLORS.brand },
      {
        align: 'right',
      },
    );
    flow.label(
      'Check that this certificate is genuine and current at',
      textRight,
      bottomLineTop + 11.5,
      small,
      {
        align: 'right',
      },
    );
  }
  const codeTop =
    bottomLineTop +
    (certificate.verifyUrl ? 11.5 + 6 + flow.lineHeight(codeStyle) : flow.lineHeight(codeStyle));
  flow.label(certificate.verificationCode, textRight, codeTop, codeStyle, { align: 'right' });
  flow.label('VERIFICATION CODE', textRight, codeTop + flow.lineHeight(labelStyle), labelStyle, {
    align: 'right',
  });
}

/** A QR code of `text` drawn as rectangles (one per run of dark modules in a row), `size` square. */
function drawQrCode(page: PDFPage, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const unit = size / (count + 2);
  for (let row = 0; row < count; row++) {
    let column = 0;
    while (column < count) {
      if (!modules.get(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < count && modules.get(row, column)) column++;
      page.drawRectangle({
        x: x + (start + 1) * unit,
        y: y + size - (row + 2) * unit,
        width: (column - start) * unit,
        height: unit,
        color: PDF_COLORS.ink,
      });
    }
  }
}
