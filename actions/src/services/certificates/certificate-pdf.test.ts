import { describe, expect, it } from 'vitest';
import { pdfPageTexts } from '../../test-support/pdf-text.ts';
import { renderCertificatePdf, type TCertificatePdf } from './certificate-pdf.ts';

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
});
