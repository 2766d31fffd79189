import { describe, expect, it } from 'vitest';
import { asciiFileName, attachmentDisposition, fileNamePart } from './content-disposition.ts';

describe('content disposition', () => {
  it('names an attachment in ASCII and exactly (RFC 5987)', () => {
    expect(attachmentDisposition('report.pdf')).toBe(
      `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
    );
    expect(attachmentDisposition('café-ōtautahi (1).pdf')).toBe(
      `attachment; filename="cafe-otautahi (1).pdf"; filename*=UTF-8''caf%C3%A9-%C5%8Dtautahi%20%281%29.pdf`,
    );
    expect(attachmentDisposition('a"b\\c/d\r\n.pdf')).toBe(
      `attachment; filename="a-b-c-d-.pdf"; filename*=UTF-8''a-b-c-d-.pdf`,
    );
  });

  it('keeps only printable ASCII in the plain name', () => {
    expect(asciiFileName('東京-report.pdf')).toBe('report.pdf');
    expect(asciiFileName('東京')).toBe('download');
  });

  it('makes a file-name part of any text', () => {
    expect(fileNamePart('Harbourside Family Medical', 'practice')).toBe('harbourside-family-medical');
    expect(fileNamePart('  St. John’s & Co. — Clinic!! ', 'practice')).toBe('st-john-s-co-clinic');
    expect(fileNamePart('🙂', 'practice')).toBe('practice');
    expect(fileNamePart('a'.repeat(100), 'x')).toHaveLength(60);
  });
});
