import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfPageTexts } from '../testing/pdf-text.ts';
import { renderCertificatePdf, type TCertificatePdf } from './certificate-pdf.ts';

const pageSizeOf = async (bytes: Uint8Array) => {
  const doc = await PDFDocument.load(bytes);
  expect(doc.getPageCount()).toBe(1);
  const { width, height } = doc.getPage(0).getSize();
  return [Math.round(width), Math.round(height)];
};

const HARBOURSIDE: TCertificatePdf = {
  id: 7,
  type: 'ACCREDITATION',
  name: 'Harbourside Family Medical',
  tradingName: 'Harbourside Family Medical',
  legalEntityName: 'Harbourside Family Medical Pty Ltd',
  locations: ['212 Crown Street, Surry Hills NSW 2010'],
  standards: 'General Practice Standards, 6th edition (demo)',
  issuingProvider: 'Demo Accreditation Provider',
  certificationDate: '2025-01-10',
  issueDate: '2025-01-12',
  commencementDate: '2025-01-15',
  expiryDate: '2028-01-10',
  condition: null,
  certifiedBy: 'Alex Admin',
};

describe('renderCertificatePdf', () => {
  it('is one page with the practice, its type and standards, its sites, its dates and its issuer', async () => {
    const pages = await pdfPageTexts(await renderCertificatePdf(HARBOURSIDE));
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    for (const expected of [
      'DEMO ACCREDITATION PROVIDER',
      'Certificate of Accreditation',
      'This is to certify that',
      'Harbourside Family Medical',
      'Harbourside Family Medical Pty Ltd',
      '212 Crown Street, Surry Hills NSW 2010',
      'Accreditation, General Practice Standards, 6th edition (demo)',
      '10 Jan 2025',
      '12 Jan 2025',
      '15 Jan 2025',
      '10 Jan 2028',
      'Certificate no. 000007 · Issued by Demo Accreditation Provider',
      'Certified by Alex Admin',
    ])
      expect(text, expected).toContain(expected);
    // The statement wraps: read it as one line.
    expect(text.replace(/\n/g, ' ')).toContain(
      'has met the requirements of the General Practice Standards, 6th edition (demo) and is accredited by Demo Accreditation Provider.',
    );
  });

  it('is A3 landscape by default and A4 landscape when asked, saying the same', async () => {
    const a3 = await renderCertificatePdf(HARBOURSIDE);
    const a4 = await renderCertificatePdf(HARBOURSIDE, 'A4');
    expect(await pageSizeOf(a3)).toEqual([1191, 842]);
    expect(await pageSizeOf(a4)).toEqual([842, 595]);
    expect(await renderCertificatePdf(HARBOURSIDE, 'A3').then(pageSizeOf)).toEqual([1191, 842]);
    expect(await pdfPageTexts(a3)).toEqual(await pdfPageTexts(a4));
  });

  it('prints its number, every one of eight locations, the verification code and where to check it', async () => {
    const locations = Array.from({ length: 8 }, (_, i) => `${i + 1} Harbour Street, Sydney NSW 2000`);
    for (const size of ['A3', 'A4'] as const) {
      const text = (
        await pdfPageTexts(
          await renderCertificatePdf(
            {
              ...HARBOURSIDE,
              tradingName: 'Harbourside Medical Centre',
              locations,
              certificateNumber: 'ACC-2026-000007',
              verificationCode: 'ABCD-EFGH-JK23',
              verifyUrl: 'https://portal.example/verify/ABCD-EFGH-JK23',
              condition: 'x '.repeat(500),
            },
            size,
          ),
        )
      )[0]!;
      for (const expected of [
        'Harbourside Medical Centre',
        'LOCATIONS (8)',
        ...locations,
        'Certificate no. ACC-2026-000007 · Issued by Demo Accreditation Provider',
        'VERIFICATION CODE',
        'ABCD-EFGH-JK23',
        'https://portal.example/verify/ABCD-EFGH-JK23',
        '10 Jan 2028',
      ])
        expect(text, `${size}: ${expected}`).toContain(expected);
    }
  });

  it('words a registration and an extension as what they are, and shows a condition', async () => {
    const registration = (
      await pdfPageTexts(
        await renderCertificatePdf({ ...HARBOURSIDE, type: 'REGISTRATION', commencementDate: null }),
      )
    )[0]!;
    expect(registration).toContain('Certificate of Registration');
    expect(registration.replace(/\n/g, ' ')).toContain(
      'is registered with Demo Accreditation Provider for accreditation',
    );
    expect(registration).not.toContain('COMMENCEMENT DATE');
    const extension = (
      await pdfPageTexts(
        await renderCertificatePdf({
          ...HARBOURSIDE,
          type: 'EXTENSION',
          locations: ['1 First Street, Alice Springs NT 0870', '2 Second Street, Alice Springs NT 0870'],
          condition: 'Until the surveillance visit.',
        }),
      )
    )[0]!;
    expect(extension).toContain('Certificate of Extension');
    expect(extension).toContain('LOCATIONS');
    expect(extension).toContain('2 Second Street, Alice Springs NT 0870');
    expect(extension).toContain('Condition: Until the surveillance visit.');
  });

  it('writes names and sites as they are spelt, with the fonts embedded', async () => {
    const bytes = await renderCertificatePdf({
      ...HARBOURSIDE,
      name: 'Ōtautahi Whānau Health – Te Rapa',
      tradingName: 'Ōtautahi Whānau Health',
      locations: ['Unit 9, 1 Māhoe Lane, Tāmaki Makaurau 1010', '2 O’Connell Street, Kirikiriroa 3204'],
      condition: 'Until the practice’s next visit – no later than 1 July.',
    });
    const text = (await pdfPageTexts(bytes))[0]!;
    for (const expected of [
      'Ōtautahi Whānau Health – Te Rapa',
      'Unit 9, 1 Māhoe Lane, Tāmaki Makaurau 1010',
      '2 O’Connell Street, Kirikiriroa 3204',
      'Condition: Until the practice’s next visit – no later than 1 July.',
    ])
      expect(text, expected).toContain(expected);
    // Every font of the page is embedded (a FontFile2 in its descendant), none a standard one.
    const doc = await PDFDocument.load(bytes);
    const fonts = doc.getPage(0).node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
    expect(fonts.entries().length).toBeGreaterThanOrEqual(3);
    for (const [, ref] of fonts.entries()) {
      const font = doc.context.lookup(ref, PDFDict);
      expect(font.lookup(PDFName.of('Subtype'))).toEqual(PDFName.of('Type0'));
      const [descendant] = font.lookup(PDFName.of('DescendantFonts'), PDFArray).asArray();
      const descriptor = doc.context
        .lookup(descendant, PDFDict)
        .lookup(PDFName.of('FontDescriptor'), PDFDict);
      expect(descriptor.get(PDFName.of('FontFile2'))).toBeDefined();
    }
    expect(bytes.byteLength).toBeLessThan(60_000);
  });
});
