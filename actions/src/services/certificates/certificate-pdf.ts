import { certificateTypeLabel, formatDayMonthYear } from '@portal/domain';
import { A4, PDF_COLORS, PdfFlow, type PdfTextStyle, roundedRect } from '../../lib/pdf/index.ts';

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
}

/** A4 landscape: the certificate is one framed page. */
const PAGE: readonly [number, number] = [A4[1], A4[0]];
const FRAME = 22;

const STATEMENT: Record<string, (standards: string, provider: string) => string> = {
  ACCREDITATION: (standards, provider) =>
    `has met the requirements of the ${standards} and is accredited by ${provider}.`,
  REGISTRATION: (standards, provider) =>
    `is registered with ${provider} for accreditation against the ${standards}.`,
  EXTENSION: (standards, provider) =>
    `has been granted an extension of its accreditation against the ${standards} by ${provider}.`,
};

/**
 * A certificate as a PDF (pdf-lib, the product's PDF layer): one framed A4 landscape page with
 * the practice, what it is certified for, by whom, and the dates that make it valid. The demo
 * data's certificate files are made with it; issuing certificates (a later issue) will be too.
 */
export async function renderCertificatePdf(certificate: TCertificatePdf): Promise<Uint8Array> {
  const type = certificateTypeLabel(certificate.type);
  const title = `Certificate of ${type}`;
  const flow = await PdfFlow.create({
    title: `${certificate.name} - ${title}`,
    subject: `${title} issued by ${certificate.issuingProvider}`,
    author: certificate.issuingProvider,
    pageSize: PAGE,
    margins: { top: 88, right: 80, bottom: 60, left: 80 },
  });
  const { page } = flow;
  const width = flow.pageWidth;
  const height = flow.pageHeight;
  // The frame: a brand border with a hairline inside it.
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

  const centred = (text: string, style: PdfTextStyle, gapAfter = 0) => {
    for (const line of flow.lines(text, style)) {
      flow.label(line, (width - flow.widthOf(line, style)) / 2, flow.y, style);
      flow.down(flow.lineHeight(style));
    }
    flow.down(gapAfter);
  };

  centred(certificate.issuingProvider.toUpperCase(), { size: 11, font: 'bold', color: PDF_COLORS.brand }, 6);
  flow.rule({ x1: width / 2 - 40, x2: width / 2 + 40, color: PDF_COLORS.brand, thickness: 1.5 });
  flow.down(22);
  centred(title, { size: 30, font: 'bold', color: PDF_COLORS.ink }, 16);
  centred('This is to certify that', { size: 12, font: 'italic', color: PDF_COLORS.muted }, 8);
  centred(certificate.name, { size: 24, font: 'bold', color: PDF_COLORS.brandDark }, 8);
  const statement = STATEMENT[certificate.type] ?? STATEMENT.ACCREDITATION!;
  centred(
    statement(
      certificate.standards ?? 'national standards for general practice',
      certificate.issuingProvider,
    ),
    { size: 12, color: PDF_COLORS.text },
    22,
  );

  // The details: who in the left column, when in the right.
  const label: PdfTextStyle = { size: 8, font: 'bold', color: PDF_COLORS.muted };
  const value: PdfTextStyle = { size: 10.5, color: PDF_COLORS.ink };
  const gutter = 40;
  const columnWidth = (flow.width - gutter) / 2;
  const column = (x: number, rows: Array<[string, string]>) => {
    const top = flow.y;
    for (const [name, text] of rows) {
      flow.label(name.toUpperCase(), x, flow.y, label);
      flow.down(flow.lineHeight(label) + 1);
      flow.text(text, value, { x, width: columnWidth });
      flow.down(7);
    }
    const bottom = flow.y;
    flow.y = top;
    return bottom;
  };
  flow.rule({ color: PDF_COLORS.rule });
  flow.down(12);
  const left = column(flow.left, [
    ['Trading name', certificate.tradingName],
    ['Legal entity', certificate.legalEntityName ?? certificate.tradingName],
    [certificate.locations.length > 1 ? 'Locations' : 'Location', certificate.locations.join('\n') || '-'],
    ['Certification', `${type}${certificate.standards ? `, ${certificate.standards}` : ''}`],
  ]);
  const right = column(flow.left + columnWidth + gutter, [
    ['Certification date', formatDayMonthYear(certificate.certificationDate)],
    ['Issue date', formatDayMonthYear(certificate.issueDate)],
    ...(certificate.commencementDate
      ? [['Commencement date', formatDayMonthYear(certificate.commencementDate)] as [string, string]]
      : []),
    ['Expiry date', formatDayMonthYear(certificate.expiryDate)],
  ]);
  flow.y = Math.min(left, right);

  if (certificate.condition) {
    flow.down(4);
    const style: PdfTextStyle = { size: 9.5, color: PDF_COLORS.warning };
    const lines = flow.lines(`Condition: ${certificate.condition}`, style, flow.width - 20);
    const boxHeight = lines.length * flow.lineHeight(style) + 12;
    roundedRect(
      page,
      { x: flow.left, y: flow.y - boxHeight, width: flow.width, height: boxHeight, radius: 4 },
      { fill: PDF_COLORS.warningLight },
    );
    flow.writeLines(lines, flow.left + 10, flow.y - 6, style);
    flow.down(boxHeight);
  }

  // The foot of the certificate: its number, and who signed it for the provider.
  const footTop = FRAME + 52;
  const small: PdfTextStyle = { size: 8.5, color: PDF_COLORS.muted };
  flow.rule({ y: footTop + 4, color: PDF_COLORS.rule });
  flow.label(
    `Certificate no. ${String(certificate.id).padStart(6, '0')} · Issued by ${certificate.issuingProvider}`,
    flow.left,
    footTop,
    small,
  );
  if (certificate.certifiedBy)
    flow.label(`Certified by ${certificate.certifiedBy}`, flow.right, footTop, small, { align: 'right' });
  return flow.save();
}
