import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download-file.ts';

describe('fileNameFromDisposition', () => {
  it('prefers filename*, then filename, then the fallback, and keeps no path', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''Caf%C3%A9.pdf`, 'x')).toBe(
      'Café.pdf',
    );
    expect(fileNameFromDisposition('attachment; filename="report.pdf"', 'x')).toBe('report.pdf');
    expect(fileNameFromDisposition(null, 'fallback.pdf')).toBe('fallback.pdf');
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"', 'x')).toBe('....etcpasswd');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`, 'x')).toBe('%E0%A4%A');
  });
});
